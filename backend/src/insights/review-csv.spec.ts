import { csvCell, csvHeader, csvLine } from './review-csv';

describe('the reviews’ CSV', () => {
  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvLine(['plain', 'a, b', 'say "hi"', 'two\nlines', 4, undefined])).toBe(
      'plain,"a, b","say ""hi""","two\nlines",4,\r\n',
    );
  });

  it('keeps a text a spreadsheet would run as a formula from running', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2');
  });

  it('starts with the columns’ names', () => {
    expect(csvHeader()).toMatch(/^id,createdAt,rating,speed,.*,reply,replyAt\r\n$/);
  });
});

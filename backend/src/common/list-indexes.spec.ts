import { inSortOrder } from './list-indexes';

describe('inSortOrder', () => {
  const a = { _id: 'a1', rating: 5, createdAt: new Date('2026-01-02') };
  const b = { _id: 'b2', rating: 3, createdAt: new Date('2026-01-03') };
  const c = { _id: 'c3', rating: 5, createdAt: new Date('2026-01-01') };

  it('orders by each key in turn, in its direction, as a query would', () => {
    expect(inSortOrder([a, b, c], { createdAt: -1, _id: -1 })).toEqual([b, a, c]);
    expect(inSortOrder([a, b, c], { rating: -1, createdAt: -1, _id: -1 })).toEqual([a, c, b]);
    expect(inSortOrder([a, b, c], { rating: 1, createdAt: -1 })).toEqual([b, a, c]);
  });

  it('leaves the input as it was', () => {
    const input = [a, b, c];
    inSortOrder(input, { _id: -1 });
    expect(input).toEqual([a, b, c]);
  });
});

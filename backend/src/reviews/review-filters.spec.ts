import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ReviewQueryDto } from './review.dto';
import { isFiltered, matchesFilters } from './review-filters';

/** The query as the validation pipe leaves it, or the sentences it refuses it with. */
function parsed(query: Record<string, unknown>) {
  const dto = plainToInstance(ReviewQueryDto, query);
  const errors = validateSync(dto, { stopAtFirstError: true });
  return errors.length > 0
    ? errors.flatMap((error) => Object.values(error.constraints ?? {}))
    : { rating: dto.rating, replied: dto.replied, verified: dto.verified };
}

describe("a service's review filters", () => {
  it.each([
    [{ rating: '4' }, [4]],
    [{ rating: '2,1' }, [1, 2]],
    [{ rating: ['5', '1,5'] }, [1, 5]],
    [{ rating: ' 3 , 2 ' }, [2, 3]],
  ])('take star levels in every spelling, in order and each once: %j', (query, levels) => {
    expect(parsed(query)).toEqual({ rating: levels });
  });

  it('take the switches as true, and false as no filter (one cache entry for both)', () => {
    expect(parsed({ replied: 'true', verified: 'false' })).toEqual({ replied: true });
  });

  it.each([
    [{ rating: '0' }, 'rating must be 1 to 5 stars, such as rating=4 or rating=1,2'],
    [{ rating: '1,x' }, 'rating must be whole numbers of stars, such as rating=4 or rating=1,2'],
    [{ replied: 'yes' }, 'replied must be true or false'],
  ])('refuse other values with a sentence: %j', (query, sentence) => {
    expect(parsed(query)).toEqual([sentence]);
  });

  it('apply every filter given, any of the star levels', () => {
    const review = { rating: 2, title: 'Late van', details: 'Came at noon.', replied: true };
    expect(matchesFilters({ rating: [1, 2], replied: true, q: 'NOON' })(review)).toBe(true);
    expect(matchesFilters({ rating: [1, 3] })(review)).toBe(false);
    expect(matchesFilters({ verified: true })(review)).toBe(false);
    expect(matchesFilters({ verified: true })({ ...review, verifiedCustomer: true })).toBe(true);
    expect(matchesFilters({ q: 'evening' })(review)).toBe(false);
    expect(isFiltered({ rating: [] })).toBe(false);
    expect(isFiltered({ replied: true })).toBe(true);
  });
});

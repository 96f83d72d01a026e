import {
  ratingIncrements,
  ratingSummary,
  withIncrements as applyIncrements,
  type RatingCounters,
} from './ratings';

describe('ratings', () => {
  it('a new service has an empty summary', () => {
    expect(ratingSummary({})).toEqual({
      average: 0,
      count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      criteria: {
        speed: { average: null, count: 0 },
        tracking: { average: null, count: 0 },
        condition: { average: null, count: 0 },
        communication: { average: null, count: 0 },
        value: { average: null, count: 0 },
      },
    });
  });

  it('create, edit and delete keep the summary equal to the reviews', () => {
    let counters: RatingCounters = {};
    counters = applyIncrements(
      counters,
      ratingIncrements(undefined, { rating: 5, criteria: { speed: 4 } }),
    );
    counters = applyIncrements(counters, ratingIncrements(undefined, { rating: 2 }));
    expect(ratingSummary(counters)).toMatchObject({
      average: 3.5,
      count: 2,
      distribution: { '5': 1, '2': 1 },
      criteria: { speed: { average: 4, count: 1 } },
    });

    counters = applyIncrements(
      counters,
      ratingIncrements({ rating: 2 }, { rating: 3, criteria: { speed: 1, value: 5 } }),
    );
    expect(ratingSummary(counters)).toMatchObject({
      average: 4,
      count: 2,
      distribution: { '2': 0, '3': 1, '5': 1 },
      criteria: { speed: { average: 2.5, count: 2 }, value: { average: 5, count: 1 } },
    });

    counters = applyIncrements(
      counters,
      ratingIncrements({ rating: 5, criteria: { speed: 4 } }, undefined),
    );
    expect(ratingSummary(counters)).toMatchObject({
      average: 3,
      count: 1,
      criteria: { speed: { average: 1, count: 1 } },
    });
  });

  it('an edit that changes nothing increments nothing', () => {
    expect(ratingIncrements({ rating: 4 }, { rating: 4 })).toEqual({});
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomServiceId, toReviewFieldsDto, validateReviewFields } from './reviewFields';

describe('randomServiceId', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [0, '1000'],
    [0.5, '5500'],
    [0.9999999, '9999'],
  ])('maps Math.random() %s to %s', (random, id) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    expect(randomServiceId()).toBe(id);
  });

  it('always gives a 4-digit number from 1000 to 9999', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = Number(randomServiceId());
      expect(Number.isInteger(id) && id >= 1000 && id <= 9999).toBe(true);
    }
  });
});

describe('review fields', () => {
  it('requires all three, blanks counting as empty', () => {
    expect(validateReviewFields({ title: ' ', serviceID: '', details: '\n' })).toEqual({
      title: 'Service Title is required',
      serviceID: 'Service ID is required',
      details: 'Review is required',
    });
    expect(validateReviewFields({ title: 'A', serviceID: '1', details: 'B' })).toEqual({});
  });

  it('sends trimmed texts and the Service ID as a number', () => {
    expect(toReviewFieldsDto({ title: ' A ', serviceID: '0042', details: ' B ' })).toEqual({
      title: 'A',
      serviceID: 42,
      details: 'B',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { errorMessage } from './errorMessage';

describe('errorMessage', () => {
  it("prefers the server's error sentence", () => {
    const error = {
      status: 400,
      data: { statusCode: 400, code: 'invalid', error: 'Title is required' },
    };
    expect(errorMessage(error)).toBe('Title is required');
  });

  it('falls back to the network error and then the status', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
    expect(errorMessage({ status: 502, data: '<html>' })).toBe('Request failed with status 502');
  });

  it('reads a thrown error', () => {
    expect(errorMessage({ name: 'Error', message: 'Boom' })).toBe('Boom');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });
});

import { describe, expect, it } from 'vitest';
import { loadErrorMessage } from './loadErrorMessage';

describe('loadErrorMessage', () => {
  it("answers the API's own sentence", () => {
    const error = { status: 503, data: { statusCode: 503, code: 'X', error: 'Down; try later.' } };
    expect(loadErrorMessage(error)).toBe('Down; try later.');
  });

  it("says what happened when the network failed or timed out, not the browser's words", () => {
    expect(loadErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'We could not reach Service Critic. Check your connection, then try again.',
    );
    expect(loadErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(
      'Service Critic took too long to answer. Please try again in a moment.',
    );
    expect(loadErrorMessage(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(
      'We could not reach Service Critic. Check your connection, then try again.',
    );
  });

  it("names the status of an answer without a sentence (a proxy's error page, say)", () => {
    expect(loadErrorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>' })).toBe(
      'Service Critic answered with an error (HTTP 502). Please try again in a moment.',
    );
  });
});

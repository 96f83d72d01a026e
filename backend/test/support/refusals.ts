import { ApiError } from '../../src/common/api-error';
import type { ErrorCode } from '../../src/common/error-codes';

/** Expects `attempt` to be refused with an ApiError of this status (and code word, when given). */
export async function expectRefused(
  attempt: Promise<unknown>,
  statusCode: number,
  code?: ErrorCode,
): Promise<void> {
  const error: unknown = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  if (error instanceof ApiError) {
    expect(error.getResponse()).toMatchObject({ statusCode, ...(code ? { code } : {}) });
  }
}

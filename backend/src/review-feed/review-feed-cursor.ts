import { ApiError } from '../common/api-error';

const CURSOR = /^([a-f\d]{24})\.(\d{1,15})$/;

/** An opaque cursor: the service and the number of the last change read. */
export function feedCursor(serviceId: string, seq: number): string {
  return Buffer.from(`${serviceId}.${seq}`).toString('base64url');
}

/** The number of the last change `cursor` read of `serviceId`'s feed; absent: none read yet. */
export function seqOfCursor(serviceId: string, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || match[1] !== serviceId) {
    throw new ApiError(
      400,
      "This cursor is not one of this service's changes: use the `next` of an earlier answer.",
      'INVALID_CURSOR',
    );
  }
  return Number(match[2]);
}

/**
 * Every `code` an error answer can carry: a stable machine word beside the sentence. The OpenAPI
 * document lists them (enum ErrorCode), so the frontend's generated client knows them too.
 */
export const ERROR_CODES = [
  // By status, when nothing more specific applies (codeForStatus).
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  // Requests.
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'TOO_DEEP',
  'NUL_CHARACTER',
  'INVALID_ID',
  'CROSS_ORIGIN',
  // Sessions and accounts.
  'TOKEN_EXPIRED',
  'SESSION_ENDED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'EMAIL_NEEDS_PASSWORD',
  'GOOGLE_NOT_CONFIGURED',
  'WRONG_PASSWORD',
  'NO_PASSWORD',
  'ALREADY_VERIFIED',
  'VERIFICATION_LINK_INVALID',
  'RESET_LINK_INVALID',
  'PROFILE_NOT_FOUND',
  'NOT_AN_IMAGE',
  'PHOTO_TOO_LARGE',
  'BAD_IMAGE',
  // Items.
  'SERVICE_NOT_FOUND',
  'SERVICE_NEEDED',
  'DUPLICATE_SERVICE',
  'DUPLICATE_REVIEW',
  'SERVICE_NOT_LISTED',
  'ALREADY_DECIDED',
  'OWN_REVIEW',
  'ALREADY_REPORTED',
  'ALREADY_APPEALED',
  'NOT_APPEALABLE',
  'INVITATION_INVALID',
  'INVITATION_USED',
  'INVITATION_EXPIRED',
  'INVITATION_OTHER_SERVICE',
  'OWN_INVITATION',
  'ALREADY_REPLIED',
  'ALREADY_VOTED',
  // Storage and load.
  'STORAGE_UNAVAILABLE',
  'REQUEST_TIMED_OUT',
  'OVERLOADED',
  'BUSY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json, urlencoded } from 'express';
import { ApiError } from './api-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import { containsNul } from './nul-text';

export const BODY_LIMIT_BYTES = 100 * 1024;

/** body-parser's error types, as answers a person can read. */
function toApiError(error: unknown): unknown {
  switch ((error as { type?: unknown } | null)?.type) {
    case 'entity.too.large':
      return new ApiError(413, 'The request body is larger than 100 KB.');
    case 'entity.parse.failed':
      return new ApiError(400, 'The request body is not valid JSON.', 'MALFORMED_JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'The request body encoding is not supported.');
    case 'request.aborted':
      return new ApiError(400, 'The request body was cut off before it ended.');
    default:
      return error;
  }
}

function withApiErrors(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (error?: unknown) => next(error ? toApiError(error) : undefined));
}

/** Refuses a parsed body nested deeper than MAX_JSON_DEPTH, before anything walks it. */
function refuseDeepBodies(req: Request, _res: Response, next: NextFunction): void {
  if (!nestsDeeperThan(req.body, MAX_JSON_DEPTH)) return next();
  next(
    new ApiError(
      400,
      `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
      'TOO_DEEP',
    ),
  );
}

/** Refuses a NUL character in any text of the body or the query, for every route at once. */
function refuseNulText(req: Request, _res: Response, next: NextFunction): void {
  if (!containsNul(req.body) && !containsNul(req.query)) return next();
  next(new ApiError(400, 'Text may not contain a NUL character (\\u0000).', 'NUL_CHARACTER'));
}

/**
 * JSON and form bodies up to 100 KB; a bigger, broken or too deep body, or text with a NUL
 * character, is a 4xx with a sentence.
 */
export function bodyParsers(): RequestHandler[] {
  return [
    withApiErrors(json({ limit: BODY_LIMIT_BYTES })),
    refuseDeepBodies,
    withApiErrors(urlencoded({ limit: BODY_LIMIT_BYTES, extended: false })),
    refuseNulText,
  ];
}

import { raw, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '../../common/api-error';
import { MAX_PHOTO_BYTES } from './photo-encoding';

const parseImage = raw({ type: 'image/*', limit: MAX_PHOTO_BYTES });

/** The upload's bytes (Content-Type image/*, at most 2 MB) as a Buffer in `req.body`. */
export function photoBody(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('image/*')) {
      return next(
        new ApiError(
          415,
          'Send the photo as the body, with its image type (e.g. Content-Type: image/jpeg).',
          'NOT_AN_IMAGE',
        ),
      );
    }
    parseImage(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
        return next(new ApiError(413, 'The photo is larger than 2 MB.', 'PHOTO_TOO_LARGE'));
      }
      next(error);
    });
  };
}

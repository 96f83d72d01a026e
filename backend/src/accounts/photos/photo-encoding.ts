import sharp from 'sharp';
import { ApiError } from '../../common/api-error';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const PHOTO_SIZE_PX = 256;
export const PHOTO_CONTENT_TYPE = 'image/webp';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** A decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

const NOT_AN_IMAGE = 'The photo must be a JPEG, PNG, WebP or GIF image.';

/**
 * Re-encodes an uploaded photo: whatever the upload says it is, only the image's pixels, cropped
 * to a square of PHOTO_SIZE_PX, come out (no metadata, no other content).
 */
export async function encodePhoto(upload: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new ApiError(415, NOT_AN_IMAGE, 'NOT_AN_IMAGE');
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new ApiError(415, NOT_AN_IMAGE, 'NOT_AN_IMAGE');
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(422, 'The photo could not be read; please try another image.', 'BAD_IMAGE');
  }
}

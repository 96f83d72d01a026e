import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { UsersService } from '../../users/users.service';
import { encodePhoto, PHOTO_CONTENT_TYPE } from './photo-encoding';
import { ProfilePhotosRepository } from './profile-photos.repository';

export const PHOTO_PATH = '/api/photos/';

/**
 * Profile photos: a new one is re-encoded, stored by the app and made the user's photo (older
 * ones go); a stored one is read by its id.
 */
@Injectable()
export class ProfilePhotosService {
  constructor(
    private readonly photos: ProfilePhotosRepository,
    private readonly users: UsersService,
  ) {}

  async replace(userId: string, upload: unknown): Promise<string> {
    if (!Buffer.isBuffer(upload) || upload.length === 0) {
      throw new ApiError(400, 'The photo is empty.', 'NOT_AN_IMAGE');
    }
    const id = await this.photos.add(userId, PHOTO_CONTENT_TYPE, await encodePhoto(upload));
    const photoURL = `${PHOTO_PATH}${id}`;
    await this.users.updateProfile(userId, { photoURL });
    await this.photos.removeAllOf(userId, id);
    return photoURL;
  }

  async read(id: string): Promise<{ contentType: string; data: Buffer }> {
    const photo = await this.photos.find(id);
    if (!photo) throw new ApiError(404, 'No photo has this id.');
    return photo;
  }
}

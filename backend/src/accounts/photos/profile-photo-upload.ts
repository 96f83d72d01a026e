import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { UsersService } from '../../users/users.service';
import { encodePhoto, PHOTO_CONTENT_TYPE } from './photo-encoding';
import { ProfilePhotos } from './profile-photos.repository';

export const PHOTO_PATH = '/api/photos/';

/** A new profile photo: re-encoded, stored by the app, made the user's photo; older ones go. */
@Injectable()
export class ProfilePhotoUpload {
  constructor(
    private readonly photos: ProfilePhotos,
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
}

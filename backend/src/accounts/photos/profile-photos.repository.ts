import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ProfilePhoto } from './photo.schema';

/** The only code that touches `profile_photos`: `_id` lookups and a user's photos by key. */
@Injectable()
export class ProfilePhotosRepository {
  constructor(@InjectModel(ProfilePhoto.name) private readonly photos: Model<ProfilePhoto>) {}

  /** Stores an encoded photo; answers its id. */
  async add(userId: string, contentType: string, data: Buffer): Promise<string> {
    const _id = randomBytes(12).toString('hex');
    await this.photos.create({ _id, userId, contentType, data, createdAt: new Date() });
    return _id;
  }

  async find(id: string): Promise<{ contentType: string; data: Buffer } | null> {
    const photo = await this.photos.findById(id).lean().exec();
    if (!photo) return null;
    // The driver hands back BSON Binary; the answer needs a Buffer.
    const data = photo.data as unknown as { buffer?: Buffer } | Buffer;
    return {
      contentType: photo.contentType,
      data: Buffer.isBuffer(data) ? data : Buffer.from(data.buffer ?? []),
    };
  }

  /** Removes the user's photos but `keep` (the one in use). */
  async removeAllOf(userId: string, keep?: string): Promise<void> {
    const photos = await this.photos.find({ userId }, { _id: 1 }).lean().exec();
    for (const photo of photos) {
      if (photo._id !== keep) await this.photos.deleteOne({ _id: photo._id }).exec();
    }
  }
}

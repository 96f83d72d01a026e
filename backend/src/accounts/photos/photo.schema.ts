import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A profile photo, re-encoded by the app (small: 256×256 WebP); `_id` is in its URL. */
@Schema({ collection: 'profile_photos', timestamps: false, versionKey: false })
export class ProfilePhoto {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, index: true })
  userId: string;

  @Prop({ required: true })
  contentType: string;

  @Prop({ type: Buffer, required: true })
  data: Buffer;

  @Prop({ required: true })
  createdAt: Date;
}

export const ProfilePhotoSchema = SchemaFactory.createForClass(ProfilePhoto);

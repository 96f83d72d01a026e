import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One login (a refresh-token family, `_id` = the family id) of a user, for listing where they
 * are signed in and ending all their logins at once (password reset): a user's logins are
 * found by equality on `userId`, a set as small as the number of their devices.
 * Removed when the login ends, or by the clean-up job once its last token expired.
 */
@Schema({ collection: 'logins', timestamps: false, versionKey: false })
export class Login {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, index: true })
  userId: string;

  @Prop({ required: true })
  createdAt: Date;

  /** The browser's User-Agent when the login started (cut to 200 characters). */
  @Prop({ default: '' })
  device: string;

  /** The client address the login started from. */
  @Prop({ default: '' })
  ip: string;

  /** The day the family's latest refresh token expires (YYYY-MM-DD), kept for the clean-up. */
  @Prop({ required: true, index: true })
  expiresOn: string;
}

export const LoginSchema = SchemaFactory.createForClass(Login);

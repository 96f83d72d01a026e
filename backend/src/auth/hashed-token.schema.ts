import { Prop } from '@nestjs/mongoose';

/**
 * What every stored token shares (refresh tokens, e-mailed links' tokens): `_id` is the SHA-256
 * of the token, never the token itself, the user it is for, and when it expires. Each kind's
 * schema extends it with its own fields and collection.
 */
export abstract class HashedToken {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  userId: string;

  @Prop({ required: true })
  expiresAt: Date;

  /** The day expiresAt falls on (YYYY-MM-DD): the clean-up job deletes by equality on it. */
  @Prop({ required: true, index: true })
  expiresOn: string;
}

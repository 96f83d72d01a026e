import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export type AccountTokenPurpose = 'password-reset' | 'email-verification';

/**
 * A single-use link's token: `_id` = SHA-256 of the token (the token itself is only in the
 * e-mail). Using it deletes it; one of two racing uses deletes it, the other finds nothing.
 */
@Schema({ collection: 'account_tokens', timestamps: false, versionKey: false })
export class AccountToken {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true })
  purpose: AccountTokenPurpose;

  @Prop({ required: true })
  userId: string;

  @Prop({ required: true })
  expiresAt: Date;

  /** The day expiresAt falls on (YYYY-MM-DD): unused tokens are cleaned up by equality on it. */
  @Prop({ required: true, index: true })
  expiresOn: string;
}

export const AccountTokenSchema = SchemaFactory.createForClass(AccountToken);

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HashedToken } from './hashed-token.schema';

export type AccountTokenPurpose = 'password-reset' | 'email-verification';

/**
 * A single-use link's token: `_id` = SHA-256 of the token (the token itself is only in the
 * e-mail). Using it deletes it; one of two racing uses deletes it, the other finds nothing.
 */
@Schema({ collection: 'account_tokens', timestamps: false, versionKey: false })
export class AccountToken extends HashedToken {
  @Prop({ type: String, required: true })
  purpose: AccountTokenPurpose;
}

export const AccountTokenSchema = SchemaFactory.createForClass(AccountToken);

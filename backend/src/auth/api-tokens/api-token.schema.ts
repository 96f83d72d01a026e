import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { TokenScope } from './token-scopes';

/**
 * A personal API token, `_id` = the SHA-256 of its secret (the secret itself is never stored), so
 * a request's token is found by one `_id` lookup. A user's tokens, few (MAX_TOKENS_PER_USER), are
 * listed by equality on `userId`. Revoking deletes it.
 */
@Schema({ collection: 'api_tokens', versionKey: false })
export class ApiToken {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, index: true })
  userId: string;

  @Prop({ required: true })
  name: string;

  @Prop({ type: [String], required: true })
  scopes: TokenScope[];

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ type: Date, default: null })
  expiresAt: Date | null;

  /** Updated at most once per LAST_USED_WINDOW_SECONDS. */
  @Prop({ type: Date, default: null })
  lastUsedAt: Date | null;

  /** The client address of that use. */
  @Prop({ default: '' })
  lastUsedIp: string;
}

export const ApiTokenSchema = SchemaFactory.createForClass(ApiToken);

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HashedToken } from './hashed-token.schema';

/**
 * A refresh token (`_id` = SHA-256 of the token, never the token itself), or the claim that it
 * was exchanged (`_id` = `rotated:` + that hash). Rotation inserts the claim: a unique `_id` is
 * the one write every store makes atomic, so one of two racing rotations wins.
 */
@Schema({ collection: 'refresh_tokens', timestamps: false, versionKey: false })
export class RefreshToken extends HashedToken {
  /** The login this token descends from; every access token names it too (`sid`). */
  @Prop({ required: true })
  family: string;

  /** On a claim: when the token was exchanged (the reuse grace runs from here). */
  @Prop()
  rotatedAt?: Date;
}

export const RefreshTokenSchema = SchemaFactory.createForClass(RefreshToken);

/**
 * A revoked login (logout, or reuse of an old refresh token): `_id` = the family id. Only
 * revocation writes it, by insert, so no update can be lost; its existence is the revocation.
 */
@Schema({ collection: 'session_families', timestamps: false, versionKey: false })
export class RevokedFamily {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  revokedAt: Date;

  /** Kept until every token of the family has expired, then removed by the clean-up job. */
  @Prop({ required: true, index: true })
  expiresOn: string;
}

export const RevokedFamilySchema = SchemaFactory.createForClass(RevokedFamily);

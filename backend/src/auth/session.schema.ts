import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One refresh token. Tokens rotated from one login share a family; reuse revokes the family. */
@Schema({ collection: 'sessions', timestamps: { createdAt: true, updatedAt: false } })
export class Session {
  @Prop({ required: true, index: true })
  family: string;

  /** SHA-256 of the opaque token; the token itself is never stored. */
  @Prop({ required: true, unique: true })
  tokenHash: string;

  @Prop({ required: true, index: true })
  userId: string;

  @Prop({ required: true, index: true })
  expiresAt: Date;

  /** Set once this token has been exchanged for the next one. */
  @Prop()
  rotatedAt?: Date;

  @Prop()
  revokedAt?: Date;
}

export const SessionSchema = SchemaFactory.createForClass(Session);

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import type { Role } from '../common/role';

@Schema({ collection: 'users', timestamps: { createdAt: true, updatedAt: false } })
export class User {
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  @Prop({ required: true, trim: true })
  displayName: string;

  @Prop({ default: '' })
  photoURL: string;

  /** argon2id; absent for accounts that only sign in with Google. */
  @Prop()
  passwordHash?: string;

  @Prop({ default: false })
  emailVerified: boolean;

  /**
   * The password was chosen through a link mailed to the address (a password reset), so whoever
   * knows it owns the address. A password given at sign-up proves nothing, even once a
   * verification link was opened: someone else may have registered the address and asked for it.
   */
  @Prop()
  passwordSetViaEmail?: boolean;

  @Prop({ type: String, enum: ['user', 'admin'], default: 'user' })
  role: Role;

  createdAt: Date;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);

/** Links an outside identity (a Google account) to a user; unique per provider and subject. */
@Schema({ collection: 'identities', timestamps: { createdAt: true, updatedAt: false } })
export class Identity {
  @Prop({ required: true })
  provider: string;

  @Prop({ required: true })
  subject: string;

  @Prop({ required: true, index: true })
  userId: string;
}

export const IdentitySchema = SchemaFactory.createForClass(Identity);
IdentitySchema.index({ provider: 1, subject: 1 }, { unique: true });

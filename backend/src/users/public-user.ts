import { ApiProperty } from '@nestjs/swagger';
import type { Role } from '../common/role';

/** The signed-in user as the SPA reads it (the product's user fields). */
export class PublicUserDto {
  @ApiProperty() uid: string;
  @ApiProperty() email: string;
  @ApiProperty() displayName: string;
  @ApiProperty() photoURL: string;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty() isAdmin: boolean;
}

export interface StoredUser {
  _id: { toString(): string };
  email: string;
  displayName: string;
  photoURL?: string;
  emailVerified?: boolean;
  role: Role;
  /** Set by the schema's timestamps: a reporter's account age counts in their reports' weight. */
  createdAt?: Date;
}

export function toPublicUser(user: StoredUser): PublicUserDto {
  return {
    uid: user._id.toString(),
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL ?? '',
    emailVerified: user.emailVerified ?? false,
    isAdmin: user.role === 'admin',
  };
}

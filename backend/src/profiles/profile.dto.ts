import { ApiProperty } from '@nestjs/swagger';

/** What anyone may see of a user: no e-mail. */
export class ProfileDto {
  @ApiProperty() uid: string;
  @ApiProperty() displayName: string;
  @ApiProperty() photoURL: string;
  @ApiProperty({ description: 'When the account was made' }) memberSince: Date;
  @ApiProperty({ description: 'How many published reviews they wrote' }) reviewCount: number;
  @ApiProperty() emailVerified: boolean;
}

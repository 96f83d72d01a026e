import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
} from 'class-validator';
import { trim } from '../../common/transforms';
import { TOKEN_SCOPES, type TokenScope } from './token-scopes';

export class CreateApiTokenDto {
  @ApiProperty({ example: 'Nightly export', minLength: 1, maxLength: 80 })
  @Transform(trim)
  @Length(1, 80, { message: 'name must be 1 to 80 characters long' })
  @IsString({ message: 'name must be text' })
  name: string;

  @ApiProperty({
    enum: TOKEN_SCOPES,
    enumName: 'TokenScope',
    isArray: true,
    description: 'What the token may do; `admin` only for admins',
  })
  @IsIn(TOKEN_SCOPES, {
    each: true,
    message: `each scope must be one of ${TOKEN_SCOPES.join(', ')}`,
  })
  @ArrayUnique({ message: 'scopes must not repeat' })
  @ArrayMaxSize(TOKEN_SCOPES.length, { message: 'scopes has too many entries' })
  @ArrayMinSize(1, { message: 'scopes must name at least one scope' })
  @IsArray({ message: 'scopes must be a list' })
  scopes: TokenScope[];

  @ApiPropertyOptional({
    description: 'When the token stops working (ISO 8601); without it, it works until revoked',
    example: '2027-01-31T23:59:59.000Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be a date and time in ISO 8601' })
  expiresAt?: string;
}

export class RenameApiTokenDto extends PickType(CreateApiTokenDto, ['name'] as const) {}

export class ApiTokenIdParams {
  @ApiProperty({ description: "The token's id" })
  @Matches(/^[a-f\d]{64}$/, { message: 'id must be a token id (64 hex digits)' })
  @IsString({ message: 'id must be text' })
  id: string;
}

/** A token as its owner sees it in the list: never its secret. */
export class ApiTokenDto {
  @ApiProperty({ description: "The token's id (not its secret)" }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: TOKEN_SCOPES, enumName: 'TokenScope', isArray: true })
  scopes: TokenScope[];
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: Date, nullable: true, description: 'Null: works until revoked' })
  expiresAt: Date | null;
  @ApiProperty({ type: Date, nullable: true, description: 'Null: never used (to the minute)' })
  lastUsedAt: Date | null;
  @ApiProperty({ description: 'Whether it is past its expiry' }) expired: boolean;
}

/** The new token, with its secret: the only answer that ever holds it. */
export class CreatedApiTokenDto extends ApiTokenDto {
  @ApiProperty({
    description: 'The secret, sent as `Authorization: Bearer <token>`; shown this once',
    example: 'sc_pat_Qm9vb2sgb2YgdGhlIGRlYWQgYnV0IG5vdCBhIHJlYWwgdG9rZW4',
  })
  token: string;
}

export class RevokedApiTokenDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'A sentence to show' }) message: string;
}

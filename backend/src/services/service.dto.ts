import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { ServicePermissions } from '../auth/policy';
import { IsImageLocation } from '../common/image-location.validator';
import { StarsFilter } from '../common/query-filters';
import { PageQueryDto } from '../common/pagination';
import { RatingSummaryDto } from '../ratings/rating-summary.dto';
import { toWholeNumber, trim } from '../common/transforms';
import { REGIONS, type Region } from './regions';
import { ServiceContactDto } from './service-contact.dto';

export const SERVICE_SORTS = [
  'newest',
  'oldest',
  'rating_desc',
  'rating_asc',
  'price_asc',
  'price_desc',
  'top_rated',
] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

export const MAX_PRICE = 1_000_000;

const REGION_CHOICES = REGIONS.join(', ');

// With stopAtFirstError the decorators run bottom-up: the type check stands last.
export class CreateServiceDto extends ServiceContactDto {
  @ApiProperty({ example: 'Same-Day City Courier', minLength: 1, maxLength: 120 })
  @Transform(trim)
  @Length(1, 120, { message: 'title must be 1 to 120 characters long' })
  @IsString({ message: 'title must be text' })
  title: string;

  @ApiProperty({ example: 25, minimum: 0, description: 'Whole number; numeric text is accepted' })
  @Transform(toWholeNumber)
  @Max(MAX_PRICE, { message: `price must be at most ${MAX_PRICE}` })
  @Min(0, { message: 'price must be 0 or more' })
  @IsInt({ message: 'price must be a whole number' })
  price: number;

  @ApiProperty({ example: '/images/services/city-courier.svg' })
  @Transform(trim)
  @IsImageLocation({ message: 'image must be an http(s) URL or a path on this site' })
  @IsString({ message: 'image must be text' })
  image: string;

  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @Transform(trim)
  @Length(1, 5000, { message: 'details must be 1 to 5000 characters long' })
  @IsString({ message: 'details must be text' })
  details: string;

  @ApiPropertyOptional({ example: 'courier', default: 'courier' })
  @IsOptional()
  @Transform(trim)
  @Matches(/^[a-z][a-z0-9-]{1,39}$/, {
    message: 'category_id must be 2 to 40 lower-case letters, digits or dashes',
  })
  @IsString({ message: 'category_id must be text' })
  category_id?: string;

  @ApiPropertyOptional({
    enum: REGIONS,
    enumName: 'Region',
    isArray: true,
    description: 'The regions it serves; none said: left out of every region',
  })
  @IsOptional()
  @ArrayUnique({ message: 'regions must name each region once' })
  @IsIn(REGIONS, { each: true, message: `regions must each be one of ${REGION_CHOICES}` })
  @IsArray({ message: 'regions must be a list of regions' })
  regions?: Region[];
}

export class ServiceQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SERVICE_SORTS, default: 'newest' })
  @IsOptional()
  @IsIn(SERVICE_SORTS, { message: `sort must be one of ${SERVICE_SORTS.join(', ')}` })
  sort: ServiceSort = 'newest';

  @ApiPropertyOptional({ description: 'Case-insensitive text in the title or details' })
  @IsOptional()
  @MaxLength(100, { message: 'q must be at most 100 characters long' })
  @IsString({ message: 'q must be text' })
  q?: string;

  @ApiPropertyOptional({ example: 'courier' })
  @IsOptional()
  @MaxLength(40, { message: 'category must be at most 40 characters long' })
  @IsString({ message: 'category must be text' })
  category?: string;

  @ApiPropertyOptional({
    enum: REGIONS,
    enumName: 'Region',
    description: 'Only services serving this region (a nationwide one serves every region)',
  })
  @IsOptional()
  @IsIn(REGIONS, { message: `region must be one of ${REGION_CHOICES}` })
  region?: Region;

  @StarsFilter('Average stars at least this')
  rating?: number;
}

export class ServiceScreeningDto {
  @ApiProperty({ enum: ['pending', 'rejected'] }) status: 'pending' | 'rejected';
  @ApiProperty({ type: [String], description: 'The rules that held it' }) reasons: string[];
  @ApiPropertyOptional({ description: "The admin's note when refused" }) note?: string;
  @ApiProperty() at: Date;
}

/** The fair score and what it is made of, for the page's "How is this calculated?" note. */
export class ServiceScoreDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 4.12,
    description: 'Bayesian average of the stars, recent reviews weighing more; null when unrated',
  })
  value: number | null;
  @ApiProperty({ example: 4.05, description: 'The site-wide mean stars the score starts from' })
  priorMean: number;
  @ApiProperty({ example: 5, description: 'How many reviews the site-wide mean counts as' })
  priorWeight: number;
  @ApiProperty({ example: 365, description: 'After this many days a review counts half' })
  halfLifeDays: number;
}

/** How the service's business answers its reviews, from counters kept on the service. */
export class ReplySummaryDto {
  @ApiProperty({ description: 'Published reviews with a reply of the business' }) replied: number;
  @ApiProperty({ description: 'Their share of the published reviews, 0 to 1', example: 0.75 })
  share: number;
  @ApiPropertyOptional({ description: 'How long a reply took on average (absent: no reply yet)' })
  averageDelaySeconds?: number;
}

/** How many of its published reviews come from verified customers, from a counter on the service. */
export class VerifiedSummaryDto {
  @ApiProperty({
    description: "Published reviews by verified customers (written through its owner's invitation)",
  })
  verified: number;
  @ApiProperty({ description: 'Their share of the published reviews, 0 to 1', example: 0.4 })
  share: number;
}

/** What the caller may do with the service (a visitor: what signing in allows). */
export class ServicePermissionsDto implements ServicePermissions {
  @ApiProperty({
    description: 'Write a review of it: anyone but its owner (visitors once signed in)',
  })
  review: boolean;
  @ApiProperty({ description: 'Answer its reviews: its owner and admins' }) reply: boolean;
  @ApiProperty({ description: 'Invite its customers to review it: its owner' }) invite: boolean;
  @ApiProperty({ description: 'Change its website and contact details: its owner and admins' })
  edit: boolean;
  @ApiProperty({
    description:
      'Ask to manage it by proving control of its website: anyone signed in, while it has a website and is unclaimed',
  })
  claim: boolean;
}

export class ServiceDto {
  @ApiProperty({ example: '665f1c2ab4d3e8a1f0c9d123' }) _id: string;
  @ApiProperty({ example: 'courier' }) category_id: string;
  @ApiProperty() title: string;
  @ApiProperty({ example: 25 }) price: number;
  @ApiProperty({ example: '/images/services/city-courier.svg' }) image: string;
  @ApiProperty() details: string;
  @ApiProperty({
    enum: REGIONS,
    enumName: 'Region',
    isArray: true,
    description: 'The regions it serves, empty when its owner said none',
  })
  regions: Region[];
  @ApiPropertyOptional({
    description: 'Who manages it: the user who added it, or whoever claimed it since',
  })
  ownerId?: string;
  @ApiPropertyOptional({ example: 'https://www.fastcourier.example' }) website?: string;
  @ApiPropertyOptional({ example: 'hello@fastcourier.example' }) contactEmail?: string;
  @ApiPropertyOptional({ example: '+44 20 7946 0000' }) contactPhone?: string;
  @ApiPropertyOptional({
    description:
      'When an admin approved a claim: its owner proved control of its website (absent: unclaimed)',
  })
  claimedAt?: Date;
  @ApiPropertyOptional({
    type: ServiceScreeningDto,
    description: 'Present while it is not listed: waiting for an admin, or refused',
  })
  screening?: ServiceScreeningDto;
  @ApiPropertyOptional({
    description:
      'Since when its new reviews wait for a moderator: an unusual burst of reviews was seen (absent: none; one service read only)',
  })
  burstAlertOpenedAt?: Date;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ type: ServiceScoreDto }) score: ServiceScoreDto;
  @ApiProperty({ type: ReplySummaryDto }) replies: ReplySummaryDto;
  @ApiProperty({ type: VerifiedSummaryDto }) verified: VerifiedSummaryDto;
  @ApiProperty({ type: ServicePermissionsDto }) permissions: ServicePermissionsDto;
}

/** A service as every caller sees it: what the read cache keeps and events snapshot. */
export type ServiceFacts = Omit<ServiceDto, 'permissions'>;

export class CategoryDto {
  @ApiProperty({ example: 'courier' }) category_id: string;
  @ApiProperty({ description: 'How many services are in it' }) count: number;
}

export class RejectServiceDto {
  @ApiProperty({ example: 'Not a delivery service.', minLength: 3, maxLength: 500 })
  @Transform(trim)
  @Length(3, 500, { message: 'reason must be 3 to 500 characters long' })
  @IsString({ message: 'reason must be text' })
  reason: string;
}

// One file over 300 lines on purpose: these are only the declarations of the reviews' API contract
// (bodies, queries, answers), which openapi.json is generated from; read together, one class
// refers to the next (ReviewDto holds the reply, appeal and permissions DTOs above it).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsMongoId,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FlagFilter, StarLevelsFilter } from '../common/query-filters';
import { PageQueryDto } from '../common/pagination';
import {
  APPEAL_STATUSES,
  REVIEW_STATUSES,
  type AppealStatus,
  type ReviewStatus,
} from './review.schema';
import { toLowerCaseId, toWholeNumber, trim } from '../common/transforms';
import { HELD_REASONS, type HeldReason } from '../moderation/moderation-rules';
import { REVIEW_SORTS, type ReviewSort } from './review-sorts';

// Declared apart so that review.schema.ts can key the sorts' orders without importing this file.
export { REVIEW_SORTS, type ReviewSort };
import {
  EXPERIENCE_DATE_MESSAGE,
  EXPERIENCE_YEARS_BACK,
  IsExperienceDate,
} from './experience-date';

export const MAX_REVIEW_LENGTH = 5000;

/** A 1–5 star value; stars given as text ("4") are accepted. */
function Stars(name: string, required: boolean) {
  // Applied in this order, so (as with stacked decorators read bottom-up) the type check runs first.
  const decorators = [
    Transform(toWholeNumber),
    IsInt({ message: `${name} must be a whole number of stars` }),
    Min(1, { message: `${name} must be 1 to 5 stars` }),
    Max(5, { message: `${name} must be 1 to 5 stars` }),
  ];
  return (target: object, key: string) => {
    if (!required) IsOptional()(target, key);
    for (const decorator of decorators) decorator(target, key);
  };
}

const EXPERIENCE_DOC = `The day of the experience reviewed (YYYY-MM-DD): within the last ${EXPERIENCE_YEARS_BACK} years, not in the future`;

/** Optional courier criteria, 1–5 stars each. */
export class CriteriaDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @Stars('speed', false) speed?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @Stars('tracking', false) tracking?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 5, description: 'Parcel arrived intact' })
  @Stars('condition', false)
  condition?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 5 })
  @Stars('communication', false)
  communication?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @Stars('value', false) value?: number;
}

// With stopAtFirstError the decorators run bottom-up: the type check stands last.
class ReviewFieldsDto {
  @ApiProperty({ example: 'Same-Day City Courier', minLength: 1, maxLength: 120 })
  @Transform(trim)
  @Length(1, 120, { message: 'title must be 1 to 120 characters long' })
  @IsString({ message: 'title must be text' })
  title: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_REVIEW_LENGTH })
  @Transform(trim)
  @Length(1, MAX_REVIEW_LENGTH, {
    message: `details must be 1 to ${MAX_REVIEW_LENGTH} characters long`,
  })
  @IsString({ message: 'details must be text' })
  details: string;

  @ApiProperty({ minimum: 1, maximum: 9999, example: 4821, description: "The spec's free field" })
  @Transform(toWholeNumber)
  @Max(9999, { message: 'serviceID must be 1 to 9999' })
  @Min(1, { message: 'serviceID must be 1 to 9999' })
  @IsInt({ message: 'serviceID must be a whole number' })
  serviceID: number;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @Stars('rating', true)
  rating: number;

  @ApiPropertyOptional({ type: CriteriaDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => CriteriaDto)
  @IsObject({ message: 'criteria must be an object' })
  criteria?: CriteriaDto;

  @ApiPropertyOptional({ format: 'date', example: '2026-03-01', description: EXPERIENCE_DOC })
  @IsOptional()
  @IsExperienceDate()
  @IsString({ message: EXPERIENCE_DATE_MESSAGE })
  experiencedAt?: string;
}

export class CreateReviewDto extends ReviewFieldsDto {
  @ApiPropertyOptional({
    description:
      "The token of the service owner's invitation link: the review carries the Verified customer label",
  })
  @IsOptional()
  @Length(20, 200, { message: 'invitation must be an invitation link’s token' })
  @IsString({ message: 'invitation must be text' })
  invitation?: string;

  @ApiProperty({ description: 'The reviewed service’s _id', example: '665f1c2ab4d3e8a1f0c9d123' })
  @Transform(toLowerCaseId)
  @IsMongoId({ message: 'service must be a service id' })
  @IsString({ message: 'service must be text' })
  service: string;

  // The spec's client sends its author fields; they are ignored: the login decides them.
  @ApiPropertyOptional({ description: 'Ignored: taken from the login' })
  @IsOptional()
  @MaxLength(200)
  @IsString({ message: 'reviewUser must be text' })
  reviewUser?: string;

  @ApiPropertyOptional({ description: 'Ignored: taken from the login' })
  @IsOptional()
  @MaxLength(2000)
  @IsString({ message: 'reviewerImage must be text' })
  reviewerImage?: string | null;

  @ApiPropertyOptional({ description: 'Ignored: taken from the login' })
  @IsOptional()
  @MaxLength(254)
  @IsString({ message: 'email must be text' })
  email?: string;
}

/** Any of the fields; the spec's client sends title, serviceID and details. */
export class UpdateReviewDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 120 })
  @IsOptional()
  @Transform(trim)
  @Length(1, 120, { message: 'title must be 1 to 120 characters long' })
  @IsString({ message: 'title must be text' })
  title?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_REVIEW_LENGTH })
  @IsOptional()
  @Transform(trim)
  @Length(1, MAX_REVIEW_LENGTH, {
    message: `details must be 1 to ${MAX_REVIEW_LENGTH} characters long`,
  })
  @IsString({ message: 'details must be text' })
  details?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 9999 })
  @IsOptional()
  @Transform(toWholeNumber)
  @Max(9999, { message: 'serviceID must be 1 to 9999' })
  @Min(1, { message: 'serviceID must be 1 to 9999' })
  @IsInt({ message: 'serviceID must be a whole number' })
  serviceID?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 5 })
  @Stars('rating', false)
  rating?: number;

  @ApiPropertyOptional({ type: CriteriaDto, description: 'Replaces the criteria given before' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CriteriaDto)
  @IsObject({ message: 'criteria must be an object' })
  criteria?: CriteriaDto;

  @ApiPropertyOptional({
    format: 'date',
    nullable: true,
    type: String,
    description: `${EXPERIENCE_DOC}; null removes it`,
  })
  @IsOptional()
  @IsExperienceDate()
  @IsString({ message: EXPERIENCE_DATE_MESSAGE })
  experiencedAt?: string | null;
}

export type StatusFilter = ReviewStatus | 'any';

export class ReviewQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: REVIEW_SORTS, default: 'newest' })
  @IsOptional()
  @IsIn(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(', ')}` })
  sort: ReviewSort = 'newest';

  @ApiPropertyOptional({ description: 'Case-insensitive text in the title or review text' })
  @IsOptional()
  @MaxLength(100, { message: 'q must be at most 100 characters long' })
  @IsString({ message: 'q must be text' })
  q?: string;

  @StarLevelsFilter('Only reviews with any of these stars (rating=1,2 or repeated)')
  rating?: number[];

  @FlagFilter('replied', "Only reviews the service's business replied to")
  replied?: boolean;

  @FlagFilter('verified', "Only verified customers' reviews (written through an invitation)")
  verified?: boolean;

  @ApiPropertyOptional({ description: 'Only reviews of this service (_id)' })
  @IsOptional()
  @Transform(toLowerCaseId)
  @IsMongoId({ message: 'service must be a service id' })
  @IsString({ message: 'service must be text' })
  service?: string;

  @ApiPropertyOptional({
    enum: [...REVIEW_STATUSES, 'any'],
    description: 'Admins only; others always see published reviews (and their own)',
  })
  @IsOptional()
  @IsIn([...REVIEW_STATUSES, 'any'], {
    message: 'status must be published, flagged, rejected or any',
  })
  status?: StatusFilter;

  @ApiPropertyOptional({ description: 'Admins only: the reviews of this author (their user _id)' })
  @IsOptional()
  @Transform(toLowerCaseId)
  @IsMongoId({ message: 'author must be a user id' })
  @IsString({ message: 'author must be text' })
  author?: string;

  @ApiPropertyOptional({
    enum: HELD_REASONS,
    description: 'Admins only: the reviews held for this reason',
  })
  @IsOptional()
  @IsIn(HELD_REASONS, { message: `reason must be one of ${HELD_REASONS.join(', ')}` })
  reason?: HeldReason;
}

/** The moderation queue's query: flagged reviews, oldest first, unless it says otherwise. */
export class ModerationQueryDto extends ReviewQueryDto {
  @ApiPropertyOptional({ enum: REVIEW_SORTS, default: 'oldest' })
  @IsOptional()
  @IsIn(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(', ')}` })
  override sort: ReviewSort = 'oldest';

  @ApiPropertyOptional({ enum: [...REVIEW_STATUSES, 'any'], default: 'flagged' })
  @IsOptional()
  @IsIn([...REVIEW_STATUSES, 'any'], {
    message: 'status must be published, flagged, rejected or any',
  })
  override status: StatusFilter = 'flagged';
}

export class MyReviewsQueryDto extends ReviewQueryDto {
  @ApiPropertyOptional({ description: 'Whose reviews: your own e-mail (admins: anyone’s)' })
  @IsOptional()
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  @IsString({ message: 'email must be text' })
  email?: string;
}

export class CriteriaValuesDto {
  @ApiPropertyOptional() speed?: number;
  @ApiPropertyOptional() tracking?: number;
  @ApiPropertyOptional() condition?: number;
  @ApiPropertyOptional() communication?: number;
  @ApiPropertyOptional() value?: number;
}

/** What the caller may do with the review; buttons are shown from it. */
export class ReviewPermissionsDto {
  @ApiProperty({ description: 'Change it (its author, admins)' }) edit: boolean;
  @ApiProperty({ description: 'Delete it (its author, admins)' }) delete: boolean;
  @ApiProperty({ description: "Answer it (the service's owner, admins)" }) reply: boolean;
  @ApiProperty({ description: 'Report it (signed in, not its author)' }) report: boolean;
  @ApiProperty({ description: 'Mark it helpful (signed in, not its author)' }) helpful: boolean;
  @ApiProperty({ description: 'Appeal the latest decision (its author, once per decision)' })
  appeal: boolean;
}

/** A moderators' take-down, shown in the review's place. */
export class RemovalDto {
  @ApiProperty({ example: 'Advertising is not allowed' }) reason: string;
  @ApiProperty() at: Date;
}

/** The author's appeal of the latest decision (author and admins only). */
export class AppealDto {
  @ApiProperty({ description: 'The decision appealed' }) decisionId: string;
  @ApiProperty() text: string;
  @ApiProperty() at: Date;
  @ApiProperty({ enum: APPEAL_STATUSES }) status: AppealStatus;
  @ApiPropertyOptional({ description: "The admin's answer" }) note?: string;
  @ApiPropertyOptional() decidedAt?: Date;
}

/** The business's public reply to a review. */
export class ReviewReplyDto {
  @ApiProperty() text: string;
  @ApiProperty() createdAt: Date;
  @ApiPropertyOptional({ description: 'When it was last edited (absent: never)' }) editedAt?: Date;
  @ApiProperty({ description: 'How many earlier versions its edits kept' }) versionCount: number;
}

export class ReviewDto {
  @ApiProperty() _id: string;
  @ApiProperty() title: string;
  @ApiProperty() details: string;
  @ApiProperty() serviceID: number;
  @ApiProperty({ description: 'The reviewed service’s _id' }) service: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ type: CriteriaValuesDto }) criteria: CriteriaValuesDto;
  @ApiPropertyOptional({ format: 'date', description: 'The day of the experience reviewed' })
  experiencedAt?: string;
  @ApiProperty() reviewUser: string;
  @ApiProperty() reviewerImage: string;
  @ApiProperty({ description: "The author's public profile: /users/{authorId}" }) authorId: string;
  @ApiPropertyOptional({ description: "Whether the author's e-mail was verified when writing" })
  authorVerified?: boolean;
  @ApiPropertyOptional({
    description: "Written through the service owner's invitation (set by the server only)",
  })
  verifiedCustomer?: boolean;
  @ApiPropertyOptional({ description: 'Shown to the author and admins only' }) email?: string;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty({ type: [String] }) moderationReasons: string[];
  @ApiPropertyOptional({
    description: 'The reviewed service’s current title (absent once it is gone)',
  })
  serviceTitle?: string;
  @ApiPropertyOptional() moderationNote?: string;
  @ApiPropertyOptional({
    description: 'Its author edited it after it was held or rejected; it waits for a moderator',
  })
  resubmitted?: boolean;
  @ApiPropertyOptional({ type: RemovalDto, description: 'Taken down by moderators' })
  removal?: RemovalDto;
  @ApiPropertyOptional({ description: 'The latest decision (author and admins only)' })
  decisionId?: string;
  @ApiPropertyOptional({ type: AppealDto, description: 'Author and admins only' })
  appeal?: AppealDto;
  @ApiPropertyOptional({ description: 'An appeal waits for an admin (author and admins only)' })
  appealOpen?: boolean;
  @ApiPropertyOptional({ description: 'Open reports' }) reportCount?: number;
  @ApiPropertyOptional({ description: "Open reports' summed weight" }) reportWeight?: number;
  @ApiPropertyOptional({ type: [String], description: 'Reasons reported (author and admins)' })
  reportReasons?: string[];
  @ApiPropertyOptional({ description: 'Why reports were held for an admin (author and admins)' })
  reportsHeld?: string;
  @ApiProperty({ description: 'How many earlier versions edits kept' }) versionCount: number;
  @ApiPropertyOptional({
    type: ReviewReplyDto,
    description: "The reply of the service's business (its owner or an admin)",
  })
  reply?: ReviewReplyDto;
  @ApiProperty({ description: 'How many readers marked it helpful' }) helpfulCount: number;
  @ApiPropertyOptional({ description: 'Whether you marked it helpful (signed-in callers only)' })
  helpfulByMe?: boolean;
  @ApiPropertyOptional({ description: 'When its content was last edited' }) editedAt?: Date;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;
  @ApiProperty({ type: ReviewPermissionsDto }) permissions: ReviewPermissionsDto;
}

/** A review's "helpful" count after the caller's vote or its withdrawal. */
export class HelpfulVoteDto {
  @ApiProperty() reviewId: string;
  @ApiProperty({ description: 'How many readers marked it helpful' }) helpfulCount: number;
  @ApiProperty({ description: 'Whether you mark it helpful now' }) helpfulByMe: boolean;
}

export class UpdateResultDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Your review was updated.' }) message: string;
}

/** One version of a review's content. */
export class ReviewVersionDto {
  @ApiProperty() title: string;
  @ApiProperty() details: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty({ type: CriteriaValuesDto }) criteria: CriteriaValuesDto;
  @ApiProperty({ description: 'When this version was written' }) writtenAt: Date;
  @ApiPropertyOptional({ description: 'When an edit replaced it (absent: the current one)' })
  replacedAt?: Date;
}

/** A review's versions, the current one first, then those its edits replaced, newest first. */
export class ReviewHistoryDto {
  @ApiProperty() reviewId: string;
  @ApiProperty({ type: [ReviewVersionDto] }) versions: ReviewVersionDto[];
}

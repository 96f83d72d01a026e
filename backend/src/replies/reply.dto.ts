import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import { trim } from '../common/transforms';

export const MAX_REPLY_LENGTH = 2000;

/** The text of a business's reply, written or edited. */
export class ReplyTextDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_REPLY_LENGTH,
    example: 'Thank you for the kind words: we will pass them on to the driver.',
  })
  @Transform(trim)
  @Length(1, MAX_REPLY_LENGTH, {
    message: `text must be 1 to ${MAX_REPLY_LENGTH} characters long`,
  })
  @IsString({ message: 'text must be text' })
  text: string;
}

/** One version of a reply's text. */
export class ReplyVersionDto {
  @ApiProperty() text: string;
  @ApiProperty({ description: 'When this version was written' }) writtenAt: Date;
  @ApiPropertyOptional({ description: 'When an edit replaced it (absent: the current one)' })
  replacedAt?: Date;
}

/** A reply's versions, the current one first, then those its edits replaced, newest first. */
export class ReplyHistoryDto {
  @ApiProperty() reviewId: string;
  @ApiProperty({ type: [ReplyVersionDto] }) versions: ReplyVersionDto[];
}

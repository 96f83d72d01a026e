import { Module } from '@nestjs/common';
import { AuthorHistories } from './author-histories';

/**
 * The authors' histories the moderation rules read, one per process (its Redis calls go out
 * together). The rules themselves are plain functions, imported where they are used.
 */
@Module({
  providers: [AuthorHistories],
  exports: [AuthorHistories],
})
export class ModerationModule {}

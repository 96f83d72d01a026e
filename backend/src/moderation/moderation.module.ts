import { Module } from '@nestjs/common';
import { AuthorHistories } from './author-histories';
import { BurstWindows } from './burst-window';

/**
 * The authors' histories the moderation rules read, one per process (its Redis calls go out
 * together), and the services' burst windows. The rules themselves are plain functions, imported
 * where they are used.
 */
@Module({
  providers: [AuthorHistories, BurstWindows],
  exports: [AuthorHistories, BurstWindows],
})
export class ModerationModule {}

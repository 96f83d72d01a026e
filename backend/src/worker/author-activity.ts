import { Injectable } from '@nestjs/common';
import { ReviewReads } from '../reviews/review-reads';
import type { DomainEvent } from '../events/review-events';
import {
  AUTHOR_HISTORY_LIMIT,
  AuthorHistories,
  type ActivityEntry,
  type Tombstone,
} from '../moderation/author-histories';
import { textTag } from '../moderation/moderation-rules';

/** What the moderation rules need to know of the author's other reviews. */
export interface AuthorHistory {
  /** Text tags of the author's reviews of other services. */
  textTagsElsewhere: string[];
  /** The author's reviews created at or after `since`, the one screened included. */
  recentCount: number;
}

/**
 * The worker's half of the authors' histories (AuthorHistories): every review event keeps its
 * review's entry (a create or edit its text and place, a deletion a tombstone), so screening a
 * review reads no reviews. A history Redis does not hold is rebuilt from the author's latest
 * reviews in the database; entries are changed only while the hash exists, so a rebuild never
 * misses a review: one created after the rebuild's read adds itself when it is screened.
 */
@Injectable()
export class AuthorActivity {
  private readonly rebuilding = new Map<string, Promise<ActivityEntry[]>>();

  constructor(
    private readonly histories: AuthorHistories,
    private readonly reads: ReviewReads,
  ) {}

  /** Keeps the author's entry of the event's review as the event left it. */
  async note(event: DomainEvent): Promise<void> {
    const authorId = authorOf(event);
    const change = changeOf(event);
    if (authorId && change) await this.histories.note(authorId, change);
  }

  /**
   * Notes the screened review's entry and answers the author's history as it then stands,
   * rebuilt from the database when Redis does not hold it.
   */
  async noteAndRead(event: DomainEvent, since: Date): Promise<AuthorHistory> {
    const own = changeOf(event) as ActivityEntry;
    const authorId = authorOf(event)!;
    let entries = await this.histories.noteAndRead(authorId, own);
    const running = entries ? undefined : this.rebuilding.get(authorId);
    if (running) {
      // Another of the author's reviews, screened at the same moment, is rebuilding the hash.
      await running.catch(() => undefined);
      entries = await this.histories.noteAndRead(authorId, own);
    }
    entries ??= await this.rebuildOnce(authorId);
    return {
      textTagsElsewhere: entries
        .filter((entry) => entry.service !== own.service)
        .map((entry) => entry.textTag),
      recentCount: entries.filter((entry) => entry.createdAt >= since.getTime()).length,
    };
  }

  /** One rebuild of a hash at a time in this process; those screened meanwhile wait for it. */
  private async rebuildOnce(authorId: string): Promise<ActivityEntry[]> {
    const rebuild = this.rebuild(authorId);
    this.rebuilding.set(authorId, rebuild);
    try {
      return await rebuild;
    } finally {
      this.rebuilding.delete(authorId);
    }
  }

  private async rebuild(authorId: string): Promise<ActivityEntry[]> {
    const latest = await this.reads.latestOfAuthor(authorId, AUTHOR_HISTORY_LIMIT);
    const entries = latest.map((review) => ({
      reviewId: String(review._id),
      at: new Date(review.updatedAt ?? review.createdAt).getTime(),
      createdAt: new Date(review.createdAt).getTime(),
      service: review.service,
      textTag: textTag(review.details),
    }));
    await this.histories.fill(authorId, entries);
    return entries;
  }
}

function authorOf(event: DomainEvent): string | undefined {
  const review = event.after ?? event.before;
  return typeof review?.authorId === 'string' ? review.authorId : undefined;
}

/** The entry a review event leaves: the review's text and place, or its tombstone. */
function changeOf(event: DomainEvent): ActivityEntry | Tombstone | null {
  if (!event.reviewId) return null;
  const at = new Date(event.at).getTime();
  if (event.type === 'review.deleted') return { reviewId: event.reviewId, at };
  if (event.type !== 'review.created' && event.type !== 'review.updated') return null;
  const after = event.after as
    { service?: string; details?: string; createdAt?: string | Date } | null | undefined;
  if (!after?.service || typeof after.details !== 'string' || !after.createdAt) return null;
  return {
    reviewId: event.reviewId,
    at,
    createdAt: new Date(after.createdAt).getTime(),
    service: after.service,
    textTag: textTag(after.details),
  };
}

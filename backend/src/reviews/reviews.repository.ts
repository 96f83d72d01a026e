import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ReadCache } from '../common/read-cache/read-cache';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { insertAllOnce } from '../common/duplicate-key';
import type { SortOrder } from '../common/list-indexes';
import { Review, type StoredStatus } from './review.schema';
import type { TimelineEntry } from './store/review-timelines';

/** `rev` counts the review's changes (AtomicDocuments); a review as inserted has none. */
export type StoredReview = Review & { _id: unknown; rev?: number };

/** Which fields a read answers: everything but the pending events, or the public ones. */
export type ReviewFields = 'own' | 'public';

const FIELDS: Record<ReviewFields, Record<string, 0>> = {
  own: { pendingEvents: 0, versions: 0, replyVersions: 0 },
  // Who wrote a review is known to the public by name and public profile, never by e-mail.
  public: {
    email: 0,
    pendingEvents: 0,
    pending: 0,
    versions: 0,
    replyVersions: 0,
    appeal: 0,
    reportsHeld: 0,
  },
};

/** What a review's timelines and its service's lists are made from (TimelineEntry). */
const TIMELINE_FIELDS: Record<keyof TimelineEntry, 1> = {
  _id: 1,
  rev: 1,
  service: 1,
  authorId: 1,
  status: 1,
  createdAt: 1,
  moderationReasons: 1,
  rating: 1,
  title: 1,
  details: 1,
  removal: 1,
  helpfulCount: 1,
  authorVerified: 1,
  verifiedCustomer: 1,
  reply: 1,
  reportsReceived: 1,
  reportsUpheld: 1,
};

/**
 * The `reviews` collection, read only by `_id` or by a key whose set stays small (an author's,
 * the pending ones; a service's only by the score rebuild): see QUERY_KEYS.
 */
@Injectable()
export class ReviewsRepository {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly atomic: AtomicDocuments,
    private readonly cache: ReadCache,
  ) {}

  /**
   * Inserts the reviews in one command, as built with the schema's defaults in the fields they
   * leave unset (`applyDefaults` on a copy: no mongoose document per review, most of an insert's
   * CPU); answers the positions of those refused as a second review of a service by one author
   * (a duplicate key). Any other failure throws.
   */
  insertAll(reviews: StoredReview[]): Promise<Set<number>> {
    return insertAllOnce(
      this.reviews,
      reviews.map((review) => this.reviews.applyDefaults({ ...review }) as StoredReview),
      { asBuilt: true },
    );
  }

  /**
   * Inserts generated reviews in one unordered batch (the bulk seed; schema defaults fill in the
   * rest); answers what their timelines need of each.
   */
  async insertBatch(reviews: Partial<StoredReview>[]): Promise<TimelineEntry[]> {
    const inserted = await this.reviews.insertMany(reviews, { ordered: false });
    const fields = Object.keys(TIMELINE_FIELDS) as (keyof TimelineEntry)[];
    return inserted.map(
      (review) =>
        Object.fromEntries(
          fields.map((field) => [field, review.get(field) as unknown]),
        ) as unknown as TimelineEntry,
    );
  }

  /**
   * A review as anyone may see it, through the read cache: every write below invalidates it, so a
   * public page made again after one review changed reads only that one from the store (one
   * `_id` read per review: FerretDB answers an `$in` of ids by reading the whole collection).
   */
  publicById(id: string): Promise<StoredReview | null> {
    return this.cache.readDocument(reviewDocumentScope(id), () => this.findById(id, 'public'));
  }

  findById(id: string, fields?: ReviewFields): Promise<StoredReview | null> {
    return this.reviews
      .findById(id, fields ? FIELDS[fields] : undefined)
      .lean<StoredReview>()
      .exec();
  }

  /**
   * One service's reviews, in one status or all, in order: for the score rebuild, an operator's
   * job run once per service (requests read a service's lists in Redis, ServiceReviewLists).
   */
  ofService(
    service: string,
    status: StoredStatus | undefined,
    sort: SortOrder,
    fields: ReviewFields,
  ): Promise<StoredReview[]> {
    return this.reviews
      .find(status ? { service, status } : { service }, FIELDS[fields])
      .sort(sort)
      .lean<StoredReview[]>()
      .exec();
  }

  /** One author's reviews, in every status. */
  ofAuthor(authorId: string): Promise<StoredReview[]> {
    return this.reviews.find({ authorId }, FIELDS.own).lean<StoredReview[]>().exec();
  }

  /** An author's latest reviews: what the moderation rules compare a new one with. */
  latestOfAuthor(authorId: string, limit: number) {
    return this.reviews
      .find({ authorId }, { details: 1, service: 1, createdAt: 1, updatedAt: 1 })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<
        { _id: unknown; details: string; service: string; createdAt: Date; updatedAt?: Date }[]
      >()
      .exec();
  }

  /** Reviews with open reports (the report queue) or an open appeal (the appeal queue). */
  waiting(key: 'reported' | 'appealOpen'): Promise<StoredReview[]> {
    return this.reviews
      .find({ [key]: true }, FIELDS.own)
      .sort({ updatedAt: 1, _id: 1 })
      .lean<StoredReview[]>()
      .exec();
  }

  /**
   * Every review's timeline fields, streamed in batches: the one read of the whole collection,
   * for rebuilding the Redis timelines after Redis lost them (never a request's or a job's).
   */
  allTimelineEntries(batchSize: number): AsyncIterable<TimelineEntry> {
    return this.reviews.find({}, TIMELINE_FIELDS).lean<TimelineEntry>().cursor({ batchSize });
  }

  /** One review's timeline fields (an `_id` lookup), or null when it is gone. */
  timelineEntry(id: string): Promise<TimelineEntry | null> {
    return this.reviews.findById(id, TIMELINE_FIELDS).lean<TimelineEntry>().exec();
  }

  /**
   * Which of these reviews are stored: one `_id` read each (FerretDB answers an `$in` of ids by
   * reading the whole collection).
   */
  async storedOf(ids: string[]): Promise<Set<string>> {
    const found = await Promise.all(
      ids.map((id) => this.reviews.findById(id, { _id: 1 }).lean().exec()),
    );
    return new Set(ids.filter((_, index) => found[index] !== null));
  }

  /** Whether there is any review at all (one document read). */
  async any(): Promise<boolean> {
    return (await this.reviews.findOne({}, { _id: 1 }).lean().exec()) !== null;
  }

  /** Reviews whose events are not settled yet. */
  pending(limit: number): Promise<StoredReview[]> {
    return this.reviews.find({ pending: true }).limit(limit).lean<StoredReview[]>().exec();
  }

  /** A read-modify-write of one review that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: StoredReview) => Changes) {
    return this.invalidating(id, () => this.atomic.modify<StoredReview>(this.reviews, id, decide));
  }

  /** Writes `changes` only if the review is still at revision `rev`; answers whether it did. */
  writeIfUnchanged(id: string, rev: number | undefined, changes: Record<string, unknown>) {
    return this.invalidating(id, () =>
      this.atomic.writeIfUnchanged(this.reviews, id, rev, changes),
    );
  }

  remove(id: string): Promise<StoredReview | null> {
    return this.invalidating(id, () => this.atomic.remove<StoredReview>(this.reviews, id));
  }

  /** Runs a write of the review, then drops its cached copy, even when the write failed (it may have landed). */
  private async invalidating<T>(id: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      await this.cache.invalidate(reviewDocumentScope(id));
    }
  }
}

/** The read-cache scope of one stored review (publicById). */
function reviewDocumentScope(id: string): string {
  return `review:${id}`;
}

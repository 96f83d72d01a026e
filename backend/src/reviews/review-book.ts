import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ApiError } from '../common/api-error';
import { escapeRegExp, type Page } from '../common/pagination';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import type { ReviewRating } from '../ratings/ratings';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { ServiceCatalog } from '../services/service-catalog';
import { EventOutbox, actorOf } from '../events/event-outbox';
import type { EventActor } from '../queue/review-events';
import { REVIEW_SORT_ORDERS, Review, type ReviewStatus } from './review.schema';
import type {
  CreateReviewDto,
  MyReviewsQueryDto,
  ReviewDto,
  ReviewQueryDto,
  UpdateReviewDto,
} from './review.dto';
import { isDuplicateKeyError } from '../common/duplicate-key';

export type StoredReview = Review & { _id: unknown };

/** How many of an author's latest reviews moderation compares a new one with. */
const AUTHOR_HISTORY_LIMIT = 100;

const sorts = REVIEW_SORT_ORDERS;

/** Public review lists depend on "reviews" (all services) or "reviews:<id>" (one service). */
export const REVIEWS_SCOPE = 'reviews';

function serviceScope(service: string): string {
  return `${REVIEWS_SCOPE}:${service.toLowerCase()}`;
}

/** What a review adds to its service's rating: only published reviews count. */
export function countedRating(review?: StoredReview | null): ReviewRating | undefined {
  if (!review || review.status !== 'published') return undefined;
  return { rating: review.rating, criteria: review.criteria };
}

function isAuthor(review: StoredReview, caller: AuthUser): boolean {
  return review.authorId === caller.id;
}

/** A review as an event carries it: every field, ids as text. */
export function reviewSnapshot(review: StoredReview): Record<string, unknown> {
  return { ...review, _id: String(review._id) };
}

export interface StatusChange {
  /** Only a review in one of these statuses changes (so a retried job changes nothing twice). */
  from: ReviewStatus[];
  to: ReviewStatus;
  reasons?: string[];
  note?: string;
}

/** The e-mail is shown to the review's author and to admins only. */
export function toReviewDto(review: StoredReview, caller?: AuthUser): ReviewDto {
  const { _id, authorId, email, ...rest } = review;
  const dto: ReviewDto = { ...rest, _id: String(_id) };
  if (caller && (isAdmin(caller) || isAuthor(review, caller))) dto.email = email;
  return dto;
}

/** Reviews: who may read and change which, and their share in the services' ratings. */
@Injectable()
export class ReviewBook {
  constructor(
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly catalog: ServiceCatalog,
    private readonly events: EventOutbox,
    private readonly cache: ReadCache,
  ) {}

  /** After any change to a review of `service`. */
  private async changed(service: string): Promise<void> {
    await this.cache.invalidate(REVIEWS_SCOPE, serviceScope(service));
  }

  async create(dto: CreateReviewDto, author: AuthUser): Promise<StoredReview> {
    const service = await this.catalog.exists(dto.service);
    if (!service) throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    const now = new Date();
    let created: StoredReview;
    try {
      const document = await this.reviews.create({
        title: dto.title,
        details: dto.details,
        serviceID: dto.serviceID,
        service: dto.service,
        rating: dto.rating,
        criteria: { ...dto.criteria },
        authorId: author.id,
        reviewUser: author.displayName,
        reviewerImage: author.photoURL,
        email: author.email,
        status: 'published',
        createdAt: now,
        updatedAt: now,
      });
      created = document.toObject() as StoredReview;
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        throw new ApiError(
          409,
          'You have already reviewed this service; edit your review instead.',
          'DUPLICATE_REVIEW',
        );
      }
      throw error;
    }
    await this.changed(created.service);
    await this.catalog.applyRating(dto.service, undefined, countedRating(created));
    await this.events.record('review.created', {
      actor: actorOf(author),
      reviewId: String(created._id),
      serviceId: created.service,
      before: null,
      after: reviewSnapshot(created),
    });
    return created;
  }

  /** Public lists show published reviews; a logged-in author also sees their own; admins pick. */
  async list(query: ReviewQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    const filter = this.filterFor(query);
    if (isAdmin(caller)) {
      if (query.status !== 'any') filter.status = query.status ?? 'published';
      return this.page(filter, query, caller);
    }
    if (caller) {
      // Published reviews and the caller's own: two branches, each read through an index.
      const branches = [
        { ...filter, status: 'published' },
        { ...filter, authorId: caller.id },
      ];
      return this.page({ $or: branches }, query, caller);
    }
    // Every visitor sees the same, so it is shared through the cache.
    filter.status = 'published';
    const scope = query.service ? serviceScope(query.service) : REVIEWS_SCOPE;
    return this.cache.read([scope], cacheKey('reviews', query), () =>
      this.page(filter, query, undefined, this.publishedCount(query)),
    );
  }

  /** A user's own reviews in every status; admins may ask for anyone's. */
  async listByEmail(query: MyReviewsQueryDto, caller: AuthUser): Promise<Page<ReviewDto>> {
    const email = (query.email ?? caller.email).trim().toLowerCase();
    if (email !== caller.email && !isAdmin(caller)) {
      throw new ApiError(403, 'You can only list your own reviews.');
    }
    const filter: Record<string, unknown> = { ...this.filterFor(query), email };
    if (query.status && query.status !== 'any') filter.status = query.status;
    return this.page(filter, query, caller);
  }

  /** The review, if the caller is its author or an admin. */
  async getEditable(id: string, caller: AuthUser): Promise<StoredReview> {
    const review = await this.reviews.findById(id).lean<StoredReview>().exec();
    if (!review) throw new ApiError(404, 'No review has this id.');
    if (!isAuthor(review, caller) && !isAdmin(caller)) {
      throw new ApiError(403, 'Only the author or an admin can change this review.');
    }
    return review;
  }

  /** Applies the change; answers the review before and after it. */
  async update(id: string, dto: UpdateReviewDto, caller: AuthUser) {
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<Review>;
    if (Object.keys(changes).length === 0) {
      throw new ApiError(400, 'Nothing to update: send title, serviceID, details or rating.');
    }
    await this.getEditable(id, caller);
    if (changes.criteria) changes.criteria = { ...changes.criteria };
    const before = await this.reviews
      .findByIdAndUpdate(id, { $set: { ...changes, updatedAt: new Date() } })
      .lean<StoredReview>()
      .exec();
    if (!before) throw new ApiError(404, 'No review has this id.');
    await this.changed(before.service);
    const after: StoredReview = { ...before, ...changes };
    await this.catalog.applyRating(before.service, countedRating(before), countedRating(after));
    await this.events.record('review.updated', {
      actor: actorOf(caller),
      reviewId: id,
      serviceId: before.service,
      before: reviewSnapshot(before),
      after: reviewSnapshot(after),
    });
    return { before, after };
  }

  async delete(id: string, caller: AuthUser): Promise<StoredReview> {
    await this.getEditable(id, caller);
    const deleted = await this.reviews.findByIdAndDelete(id).lean<StoredReview>().exec();
    if (!deleted) throw new ApiError(404, 'No review has this id.');
    await this.changed(deleted.service);
    await this.catalog.applyRating(deleted.service, countedRating(deleted), undefined);
    await this.events.record('review.deleted', {
      actor: actorOf(caller),
      reviewId: id,
      serviceId: deleted.service,
      before: reviewSnapshot(deleted),
      after: null,
    });
    return deleted;
  }

  /**
   * A moderation decision (the worker's rules, or an admin approving or rejecting): answers the
   * review after the change, or null when it is gone or no longer in a `from` status.
   */
  async changeStatus(
    id: string,
    change: StatusChange,
    actor: EventActor,
  ): Promise<StoredReview | null> {
    const set: Partial<Review> = { status: change.to, updatedAt: new Date() };
    if (change.reasons) set.moderationReasons = change.reasons;
    const update: Record<string, unknown> = { $set: set };
    if (change.note) set.moderationNote = change.note;
    else update.$unset = { moderationNote: '' };
    const before = await this.reviews
      .findOneAndUpdate({ _id: id, status: { $in: change.from } }, update)
      .lean<StoredReview>()
      .exec();
    if (!before) return null;
    await this.changed(before.service);
    const after: StoredReview = { ...before, ...set };
    if (!change.note) delete after.moderationNote;
    await this.catalog.applyRating(before.service, countedRating(before), countedRating(after));
    await this.events.record('review.moderated', {
      actor,
      reviewId: id,
      serviceId: before.service,
      before: reviewSnapshot(before),
      after: reviewSnapshot(after),
    });
    return after;
  }

  async findById(id: string): Promise<StoredReview | null> {
    return this.reviews.findById(id).lean<StoredReview>().exec();
  }

  /**
   * What the moderation rules need to know about the author's other reviews, from one read of
   * their latest 100 (FerretDB scans the collection for each query).
   */
  async authorHistory(review: StoredReview, since: Date) {
    const latest = await this.reviews
      .find({ authorId: review.authorId }, { details: 1, service: 1, createdAt: 1 })
      .sort({ createdAt: -1 })
      .limit(AUTHOR_HISTORY_LIMIT)
      .lean<{ _id: unknown; details: string; service: string; createdAt: Date }[]>()
      .exec();
    return {
      textsElsewhere: latest
        .filter((other) => other.service !== review.service)
        .map((other) => other.details),
      recentCount: latest.filter((other) => other.createdAt >= since).length,
    };
  }

  private filterFor(query: ReviewQueryDto): Record<string, unknown> {
    const filter: Record<string, unknown> = {};
    if (query.service) filter.service = query.service.toLowerCase();
    if (query.rating) filter.rating = query.rating;
    if (query.q) {
      const pattern = { $regex: escapeRegExp(query.q), $options: 'i' };
      filter.$or = [{ title: pattern }, { details: pattern }];
    }
    return filter;
  }

  /** A service's published reviews are counted by its rating counters; other lists count. */
  private publishedCount(query: ReviewQueryDto): (() => Promise<number>) | undefined {
    const { service, rating, q } = query;
    if (!service || q) return undefined;
    return () => this.catalog.publishedReviewCount(service, rating);
  }

  private async page(
    filter: Record<string, unknown>,
    query: ReviewQueryDto,
    caller?: AuthUser,
    count = () => this.reviews.countDocuments(filter).exec(),
  ): Promise<Page<ReviewDto>> {
    const [items, total] = await Promise.all([
      this.reviews
        // Visitors never see who wrote a review beyond its display name.
        .find(filter, caller ? {} : { email: 0, authorId: 0 })
        .sort(sorts[query.sort])
        .skip(query.offset)
        .limit(query.limit)
        .lean<StoredReview[]>()
        .exec(),
      count(),
    ]);
    return {
      items: items.map((review) => toReviewDto(review, caller)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}

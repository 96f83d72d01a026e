import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { indexListQueries, type SortOrder } from '../common/list-indexes';
import type { Criterion } from '../ratings/ratings';
import type { DomainEvent } from '../review-events/review-events';
import type { ReviewSort } from './review.dto';

export const REVIEW_STATUSES = ['published', 'flagged', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** A deleted review whose event is not yet settled: no list shows it, and it goes once settled. */
export type StoredStatus = ReviewStatus | 'deleted';

/** One user's review of one service. Author fields come from the token, never the body. */
@Schema({ collection: 'reviews', versionKey: false })
export class Review {
  /** The spec's `title`: the reviewed service's title as the form shows it. */
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) details: string;
  /** The spec's free 4-digit field (1–9999); `service` is the real reference. */
  @Prop({ required: true }) serviceID: number;
  @Prop({ required: true }) service: string;
  @Prop({ required: true }) rating: number;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteria: Partial<Record<Criterion, number>>;

  @Prop({ required: true }) authorId: string;
  @Prop({ required: true }) reviewUser: string;
  @Prop({ default: '' }) reviewerImage: string;
  @Prop({ required: true }) email: string;
  /** Whether the author's e-mail was verified when they wrote it (the "Verified e-mail" mark). */
  @Prop({ default: false }) authorVerified: boolean;

  @Prop({ type: String, default: 'published' }) status: StoredStatus;
  @Prop({ type: [String], default: [] }) moderationReasons: string[];
  /** What the moderator told the author when rejecting. */
  @Prop() moderationNote?: string;

  @Prop({ default: () => new Date() }) createdAt: Date;
  @Prop({ default: () => new Date() }) updatedAt: Date;

  /**
   * The events of changes to this review not yet settled (counters, queue), written with the
   * change itself, so that a crash between the two loses neither; `pending` finds them.
   */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) pendingEvents: DomainEvent[];
  @Prop({ default: false }) pending: boolean;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
// One review per user per service: a unique index is atomic on every store.
ReviewSchema.index({ authorId: 1, service: 1 }, { unique: true });
ReviewSchema.index({ pending: 1 });

/** How each `sort` of a review list orders; `_id` breaks ties so pages never overlap. */
export const REVIEW_SORT_ORDERS: Record<ReviewSort, SortOrder> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  rating_desc: { rating: -1, createdAt: -1, _id: -1 },
  rating_asc: { rating: 1, createdAt: -1, _id: -1 },
};

// Every sort within: a status (admin lists), a service's reviews in a status, one person's
// reviews (/myreviews, and a caller's own review of a service).
indexListQueries(
  ReviewSchema,
  [{ status: 1 }, { service: 1, status: 1 }, { authorId: 1 }],
  Object.values(REVIEW_SORT_ORDERS),
);

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { indexListQueries, type SortOrder } from '../common/list-indexes';
import type { Criterion } from '../ratings/ratings';
import type { ReviewSort } from './review.dto';

export const REVIEW_STATUSES = ['published', 'flagged', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

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

  @Prop({ type: String, default: 'published' }) status: ReviewStatus;
  @Prop({ type: [String], default: [] }) moderationReasons: string[];
  /** What the moderator told the author when rejecting. */
  @Prop() moderationNote?: string;

  @Prop({ default: () => new Date() }) createdAt: Date;
  @Prop({ default: () => new Date() }) updatedAt: Date;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
// One review per user per service.
ReviewSchema.index({ authorId: 1, service: 1 }, { unique: true });

/** How each `sort` of a review list orders; `_id` breaks ties so pages never overlap. */
export const REVIEW_SORT_ORDERS: Record<ReviewSort, SortOrder> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  rating_desc: { rating: -1, createdAt: -1, _id: -1 },
  rating_asc: { rating: 1, createdAt: -1, _id: -1 },
};

// Every sort within: a status (public and admin lists), a service's reviews in a status, one
// person's reviews (by e-mail for /myreviews, by author for a logged-in caller's own).
indexListQueries(
  ReviewSchema,
  [{ status: 1 }, { service: 1, status: 1 }, { email: 1 }, { authorId: 1 }],
  Object.values(REVIEW_SORT_ORDERS),
);

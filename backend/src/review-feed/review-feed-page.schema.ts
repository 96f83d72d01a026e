import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import type { ReviewDto } from '../reviews/review.dto';

export const REVIEW_CHANGE_TYPES = ['created', 'updated', 'deleted'] as const;
export type ReviewChangeType = (typeof REVIEW_CHANGE_TYPES)[number];

/** One change of a service's public reviews, numbered in the order the worker recorded it. */
export interface ReviewChange {
  seq: number;
  type: ReviewChangeType;
  reviewId: string;
  /** ISO time of the write. */
  at: string;
  /** The review as visitors see it; absent from a deletion. */
  review?: Omit<ReviewDto, 'permissions'>;
}

/**
 * `review_feed_pages`: a service's review changes, `PAGE_SIZE` a document with a derived `_id`
 * (`<serviceId>:<pageNo>`), so a read is one or two `_id` lookups. The service's head document
 * (`<serviceId>:head`) says which page is being filled.
 */
@Schema({ collection: 'review_feed_pages', versionKey: false })
export class ReviewFeedPage {
  @Prop({ type: String, required: true }) _id: string;
  /** A page's changes, oldest first. */
  @Prop({ type: [SchemaTypes.Mixed], default: undefined }) entries?: ReviewChange[];
  @Prop() count?: number;
  /** A page's latest event ids (AppliedKeys), carried on to the next page. */
  @Prop() applied?: string;
  /** The head's: the page being filled. */
  @Prop() page?: number;
}

export const ReviewFeedPageSchema = SchemaFactory.createForClass(ReviewFeedPage);

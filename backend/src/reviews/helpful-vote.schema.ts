import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A vote's `_id`: one per reader per review. */
export function helpfulVoteId(reviewId: string, voterId: string): string {
  return `${reviewId}:${voterId}`;
}

/**
 * One reader's "helpful" mark on one review: `_id` is `<reviewId>:<voterId>`, so a second vote by
 * the same reader is a duplicate key on every store, and whether a reader voted is a key lookup.
 * Read by `_id` only; the review keeps the count (`helpfulCount`).
 */
@Schema({ collection: 'review_helpful_votes', versionKey: false })
export class HelpfulVote {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) reviewId: string;
  @Prop({ required: true }) voterId: string;
  @Prop({ required: true }) createdAt: Date;
}

export const HelpfulVoteSchema = SchemaFactory.createForClass(HelpfulVote);

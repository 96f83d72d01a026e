import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { DomainEvent } from '../../events/review-events';

/**
 * New reviews inserted together and not settled yet, recorded while Redis could not take them
 * (ReviewCreateBatchesRepository): their creation events, written before the reviews and deleted
 * once they are settled, so the collection holds only what waits.
 */
@Schema({ collection: 'review_create_batches', versionKey: false })
export class ReviewCreateBatch {
  @Prop({ type: String, required: true })
  _id: string;

  /** Their creation events, packed (common/packed-json); an array in batches written before. */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  events: string | DomainEvent[];

  @Prop({ required: true })
  createdAt: Date;

  /** Always true: the key the relay finds the batches by. */
  @Prop({ default: true })
  waiting: boolean;
}

export const ReviewCreateBatchSchema = SchemaFactory.createForClass(ReviewCreateBatch);
ReviewCreateBatchSchema.index({ waiting: 1 });

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { DomainEvent } from './review-events';

/**
 * An event written in the same request as its change, waiting to be put on the queue. It is
 * deleted once published, so the collection holds only what waits, and the relay finds it by the
 * `pending` key.
 */
@Schema({ collection: 'outbox', versionKey: false })
export class OutboxEntry {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  event: DomainEvent;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ default: true })
  pending: boolean;
}

export const OutboxEntrySchema = SchemaFactory.createForClass(OutboxEntry);
OutboxEntrySchema.index({ pending: 1, createdAt: 1 });

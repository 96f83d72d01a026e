import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { DomainEvent } from '../queue/review-events';

/** An event waiting to be (or already) put on the queue; written in the same request as the change. */
@Schema({ collection: 'outbox', versionKey: false })
export class OutboxEntry {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  event: DomainEvent;

  @Prop({ required: true })
  createdAt: Date;

  @Prop({ type: Date, default: null })
  publishedAt: Date | null;
}

export const OutboxEntrySchema = SchemaFactory.createForClass(OutboxEntry);
OutboxEntrySchema.index({ publishedAt: 1, createdAt: 1 });

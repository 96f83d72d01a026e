import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { EventActor, EventType } from '../queue/review-events';

/** Append-only: one entry per event id (the _id), so a retried job never doubles it. */
@Schema({ collection: 'audit_log', versionKey: false })
export class AuditEntry {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true })
  type: EventType;

  @Prop({ required: true })
  at: Date;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  actor: EventActor;

  @Prop()
  reviewId?: string;

  @Prop()
  serviceId?: string;

  /** The record before the change; a deleted review's full content stays here. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  before: Record<string, unknown> | null;

  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  after: Record<string, unknown> | null;

  @Prop({ required: true })
  recordedAt: Date;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
AuditEntrySchema.index({ at: -1 });
AuditEntrySchema.index({ type: 1, at: -1 });
AuditEntrySchema.index({ 'actor.email': 1, at: -1 });
AuditEntrySchema.index({ reviewId: 1, at: -1 });

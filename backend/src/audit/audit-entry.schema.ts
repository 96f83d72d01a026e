import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { EventActor, EventType } from '../events/review-events';

/**
 * Append-only: one entry per event id (the _id), so a retried job never doubles it. Lists select
 * by one of three keys, each an equality FerretDB pushes down: the UTC `day`, the `reviewId` or
 * the `actorId`.
 */
@Schema({ collection: 'audit_log', versionKey: false })
export class AuditEntry {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true })
  type: EventType;

  @Prop({ required: true })
  at: Date;

  /** The UTC date of `at`, as YYYY-MM-DD. */
  @Prop({ required: true })
  day: string;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  actor: EventActor;

  /** `actor.id`, at the top level so that an equality on it is pushed down. */
  @Prop({ required: true })
  actorId: string;

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
AuditEntrySchema.index({ day: 1, at: -1, _id: -1 });
AuditEntrySchema.index({ reviewId: 1, at: -1, _id: -1 });
AuditEntrySchema.index({ actorId: 1, at: -1, _id: -1 });

/** The UTC day of a time, as the audit trail keys it: YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

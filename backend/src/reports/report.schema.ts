import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const REPORT_REASONS = [
  'spam',
  'fake',
  'offensive',
  'personal_information',
  'off_topic',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report's `_id`: one per user per review. */
export function reportId(reviewId: string, reporterId: string): string {
  return `${reviewId}:${reporterId}`;
}

/**
 * One user's report of one review: `_id` is `<reviewId>:<reporterId>`, so a second report by the
 * same user is a duplicate key on every store. Read by `_id`, or by `reviewId` (a review's few).
 */
@Schema({ collection: 'review_reports', versionKey: false })
export class ReviewReport {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) reviewId: string;
  @Prop({ required: true }) serviceId: string;
  @Prop({ required: true }) reporterId: string;
  @Prop({ required: true }) reporterEmail: string;
  @Prop({ required: true }) reporterName: string;
  @Prop({ type: String, required: true }) reason: ReportReason;
  @Prop() text?: string;
  /** What it adds to the review's report weight; 0 when held. */
  @Prop({ required: true }) weight: number;
  /** Held for an admin without counting: part of a burst from new or low-standing accounts. */
  @Prop({ default: false }) held: boolean;
  @Prop({ type: String, default: 'open' }) status: ReportStatus;
  @Prop({ required: true }) createdAt: Date;
  @Prop() decidedAt?: Date;
}

export const ReviewReportSchema = SchemaFactory.createForClass(ReviewReport);
ReviewReportSchema.index({ reviewId: 1 });
ReviewReportSchema.index({ reporterId: 1 });

/** A reporter's record: how many of their reports admins upheld and dismissed (`_id`: user id). */
@Schema({ collection: 'reporter_standings', versionKey: false })
export class ReporterRecord {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ default: 0 }) upheld: number;
  @Prop({ default: 0 }) dismissed: number;
}

export const ReporterRecordSchema = SchemaFactory.createForClass(ReporterRecord);

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export type NotificationKind =
  | 'review.received'
  | 'review.flagged'
  | 'review.approved'
  | 'review.rejected'
  | 'review.deleted_by_admin'
  | 'review.removed'
  | 'review.appeal_decided'
  | 'review.replied'
  | 'service.screened'
  | 'service.claim_decided'
  | 'service.burst_detected'
  | 'contact.message'
  | 'webhook.disabled';

/**
 * An in-app notification; its id comes from the event, so a retried job never doubles it. Each
 * user keeps only their newest ones (NotificationsService), so every query is by `_id` or by
 * `userId` over a small set.
 */
@Schema({ collection: 'notifications', versionKey: false })
export class Notification {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true })
  userId: string;

  @Prop({ type: String, required: true })
  kind: NotificationKind;

  @Prop({ required: true })
  text: string;

  @Prop({ default: '' })
  link: string;

  @Prop({ required: true })
  createdAt: Date;

  /** Whether it was read: a boolean, because FerretDB pushes equality on it down to SQL. */
  @Prop({ required: true })
  read: boolean;

  @Prop({ type: Date, default: null })
  readAt: Date | null;
}

export const NotificationSchema = SchemaFactory.createForClass(Notification);
NotificationSchema.index({ userId: 1, createdAt: -1 });
NotificationSchema.index({ userId: 1, read: 1 });

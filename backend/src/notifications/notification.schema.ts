import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export type NotificationKind =
  | 'review.received'
  | 'review.flagged'
  | 'review.approved'
  | 'review.rejected'
  | 'review.deleted_by_admin';

/** An in-app notification; its id comes from the event, so a retried job never doubles it. */
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

  @Prop({ type: Date, default: null })
  readAt: Date | null;
}

export const NotificationSchema = SchemaFactory.createForClass(Notification);
NotificationSchema.index({ userId: 1, createdAt: -1 });
NotificationSchema.index({ userId: 1, readAt: 1 });

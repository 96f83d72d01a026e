import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import type { BurstSign } from '../moderation/burst-rule';

/** An alert's `_id`: its service and when it opened, so each opening is its own document. */
export function serviceAlertId(serviceId: string, openedAt: Date): string {
  return `${serviceId}:${openedAt.toISOString()}`;
}

/** What the burst rule saw when it opened the alert. */
export interface BurstSeen {
  direction: 'low' | 'high';
  reviews: number;
  extreme: number;
  signs: BurstSign[];
  /** The authors of the window's reviews then, for the admins to check (later ones are held). */
  authorIds: string[];
}

/**
 * An unusual burst of reviews on one service (moderation/burst-rule.ts): while it is open, new
 * reviews of the service are held for a moderator and its page says so; an admin closes it.
 */
@Schema({ collection: 'service_alerts', versionKey: false })
export class ServiceAlert {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) serviceId: string;
  @Prop({ required: true }) openedAt: Date;
  /** True while open (absent once closed): the admins' list's key. */
  @Prop() open?: boolean;
  @Prop({ type: SchemaTypes.Mixed, required: true }) seen: BurstSeen;
  @Prop() closedAt?: Date;
  @Prop() closedBy?: string;
}

export const ServiceAlertSchema = SchemaFactory.createForClass(ServiceAlert);
ServiceAlertSchema.index({ open: 1, openedAt: 1 });
ServiceAlertSchema.index({ serviceId: 1, open: 1 });

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/** The last try of an endpoint, for its list. */
export interface LastTry {
  at: Date;
  statusCode: number | null;
  ok: boolean;
}

/**
 * A receiver of a service's review events. Read by `_id`, or by `serviceId` (at most
 * WEBHOOKS_PER_SERVICE each). The secret is kept as is: the signer needs it, and it is shown
 * again to the service's owner on "Reveal". While a rotated secret overlaps, both sign.
 */
@Schema({ collection: 'webhook_endpoints', versionKey: false })
export class WebhookEndpoint {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) serviceId: string;
  @Prop({ required: true }) url: string;
  @Prop({ type: [String], required: true }) events: string[];
  @Prop({ required: true }) enabled: boolean;
  /** Why it is off: its owner turned it off, or too many failed tries in a row. */
  @Prop({ type: String }) disabledBecause?: 'owner' | 'failures';
  @Prop({ required: true }) secret: string;
  @Prop() previousSecret?: string;
  @Prop() previousSecretUntil?: Date;
  @Prop({ required: true }) failuresInARow: number;
  @Prop({ type: SchemaTypes.Mixed }) lastTry?: LastTry;
  @Prop({ required: true }) createdBy: string;
  @Prop({ required: true }) createdAt: Date;
  @Prop() rev?: number;
}

export const WebhookEndpointSchema = SchemaFactory.createForClass(WebhookEndpoint);
WebhookEndpointSchema.index({ serviceId: 1 });

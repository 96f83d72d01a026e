import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/** One try of a delivery: the receiver's status code (null: no answer), how long, when. */
export interface DeliveryTry {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error?: string;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/**
 * One message to one endpoint, `_id` = its `webhook-id` (derived from the event and endpoint,
 * so an event handled twice makes one), with its body as first sent and its tries. Read by
 * `_id`, or by `endpointId`: each endpoint keeps its newest DELIVERIES_KEPT_PER_ENDPOINT.
 */
@Schema({ collection: 'webhook_deliveries', versionKey: false })
export class WebhookDelivery {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) endpointId: string;
  @Prop({ required: true }) type: string;
  /** The JSON body, signed and sent as is by every try and "Resend". */
  @Prop({ required: true }) body: string;
  @Prop({ type: String, required: true }) state: DeliveryState;
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) tries: DeliveryTry[];
  @Prop({ required: true }) createdAt: Date;
  @Prop() rev?: number;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ endpointId: 1, createdAt: -1 });

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import type { Figures } from './insight-figures';

/**
 * One service's figures for one month (`_id`: "<serviceId>:YYYY-MM", so a read is an `_id`
 * lookup). The worker adds each event once: its id is kept in `appliedEvents` (AppliedKeys).
 */
@Schema({ collection: 'service_insight_months', versionKey: false })
export class ServiceInsightMonth {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) figures: Figures;
  @Prop({ type: SchemaTypes.Mixed, default: '' }) appliedEvents: string | string[];
}

export const ServiceInsightMonthSchema = SchemaFactory.createForClass(ServiceInsightMonth);

export function insightMonthId(serviceId: string, month: string): string {
  return `${serviceId.toLowerCase()}:${month}`;
}

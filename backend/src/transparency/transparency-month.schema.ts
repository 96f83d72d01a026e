import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import type { MonthFigures } from './monthly-tally';

/**
 * One month's site-wide moderation figures (`_id`: "YYYY-MM"): one document a month, so the
 * collection stays small. The worker adds each event once: its id is kept in `appliedEvents`
 * (AppliedKeys).
 */
@Schema({ collection: 'transparency_months', versionKey: false })
export class TransparencyMonth {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) figures: Partial<MonthFigures>;
  @Prop({ type: SchemaTypes.Mixed, default: '' }) appliedEvents: string | string[];
}

export const TransparencyMonthSchema = SchemaFactory.createForClass(TransparencyMonth);

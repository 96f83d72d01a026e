import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';

/** A delivery or logistics service people review. Ratings are counters changed with `$inc`. */
@Schema({ collection: 'services', versionKey: false })
export class ServiceListing {
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) price: number;
  @Prop({ required: true }) image: string;
  @Prop({ required: true }) details: string;
  @Prop({ default: 'courier' }) category_id: string;
  /** Who added it; absent for seeded services. */
  @Prop() ownerId?: string;
  @Prop({ default: () => new Date() }) createdAt: Date;

  @Prop({ default: 0 }) ratingCount: number;
  @Prop({ default: 0 }) ratingSum: number;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) ratingStars: Record<string, number>;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteriaSums: Record<string, number>;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteriaCounts: Record<string, number>;
  /** Derived from the counters after each change, for sorting. */
  @Prop({ default: 0 }) ratingAverage: number;
  /** Average pulled towards 3 stars while there are few reviews: what `top_rated` sorts by. */
  @Prop({ default: 0 }) ratingScore: number;
}

export const ServiceListingSchema = SchemaFactory.createForClass(ServiceListing);
ServiceListingSchema.index({ createdAt: -1 });
ServiceListingSchema.index({ price: 1 });
ServiceListingSchema.index({ ratingAverage: -1, ratingCount: -1 });
ServiceListingSchema.index({ ratingScore: -1 });
ServiceListingSchema.index({ category_id: 1, createdAt: -1 });
ServiceListingSchema.index({ title: 1 }, { unique: true });

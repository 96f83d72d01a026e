import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import type { SortOrder } from '../common/list-indexes';
import type { Region } from './regions';
import type { ServiceSort } from './service.dto';
import { ServiceAlert, ServiceAlertSchema } from './service-alert.schema';

/** Why a new service waits for an admin (pending), or why an admin refused it (rejected). */
export interface ServiceScreening {
  status: 'pending' | 'rejected';
  reasons: string[];
  note?: string;
  at: Date;
}

/** A delivery or logistics service people review. Ratings are counters, changed atomically. */
@Schema({ collection: 'services', versionKey: false })
export class ServiceListing {
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) price: number;
  @Prop({ required: true }) image: string;
  @Prop({ required: true }) details: string;
  @Prop({ default: 'courier' }) category_id: string;
  /** The regions it serves (regions.ts); absent on services added before regions existed. */
  @Prop({ type: [String], default: undefined }) regions?: Region[];
  /**
   * Who manages it (answers its reviews, invites its customers): who added it, absent for seeded
   * services, until an admin approves someone's claim, which makes the claimant its owner.
   */
  @Prop() ownerId?: string;
  @Prop() website?: string;
  @Prop() contactEmail?: string;
  @Prop() contactPhone?: string;
  /** When an admin approved a claim of it (ServiceClaims); absent while unclaimed. */
  @Prop() claimedAt?: Date;
  @Prop({ default: () => new Date() }) createdAt: Date;
  /** On the home page and in lists: false while a screening holds it (absent: listed). */
  @Prop({ default: true }) listed?: boolean;
  @Prop({ type: SchemaTypes.Mixed }) screening?: ServiceScreening;

  @Prop({ default: 0 }) ratingCount: number;
  @Prop({ default: 0 }) ratingSum: number;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) ratingStars: Record<string, number>;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteriaSums: Record<string, number>;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteriaCounts: Record<string, number>;
  /** The fair score's date-weighted sums (ratings/fair-score.ts). */
  @Prop({ default: 0 }) decayedSum: number;
  @Prop({ default: 0 }) decayedCount: number;
  /** Derived from the counters after each change, for sorting. */
  @Prop({ default: 0 }) ratingAverage: number;
  /**
   * The fair score when last worked out (each rating change, and hourly by the worker, as the
   * site-wide mean and the reviews' ages move it); 0 when unrated: what `top_rated` sorts by.
   */
  @Prop({ default: 0 }) ratingScore: number;
  /** Published reviews with a reply of the business, and the summed time (ms) those took. */
  @Prop({ default: 0 }) repliedCount: number;
  @Prop({ default: 0 }) replyDelaySum: number;
  /** Published reviews by verified customers (verified-counters.ts). */
  @Prop({ default: 0 }) verifiedCount: number;
  /** The latest rating changes applied to the counters (AppliedKeys; ServiceCounters.applyRatings). */
  @Prop({ type: SchemaTypes.Mixed, default: '' }) appliedChanges: string | string[];
}

export const ServiceListingSchema = SchemaFactory.createForClass(ServiceListing);
ServiceListingSchema.index({ title: 1 }, { unique: true });
ServiceListingSchema.index({ ownerId: 1, createdAt: -1, _id: -1 });

/** How each `sort` of the services list orders; `_id` breaks ties so pages never overlap. */
export const SERVICE_SORT_ORDERS: Record<ServiceSort, SortOrder> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  rating_desc: { ratingAverage: -1, ratingCount: -1, _id: -1 },
  rating_asc: { ratingAverage: 1, ratingCount: -1, _id: -1 },
  price_asc: { price: 1, _id: 1 },
  price_desc: { price: -1, _id: -1 },
  top_rated: { ratingScore: -1, _id: -1 },
};

/**
 * One service's description, by its normalised text's hash (`_id`): the first service to claim a
 * text owns it, so a later copy is found by one insert, on every store, without a query.
 */
@Schema({ collection: 'service_texts', versionKey: false })
export class ServiceText {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) serviceId: string;
}

export const ServiceTextSchema = SchemaFactory.createForClass(ServiceText);

/**
 * The counters of every counted review on the site, one document (`_id` SITE_RATINGS_ID): the fair
 * score's prior is their mean. Moved with each service's counters, and recounted from the
 * services by the worker (ScoreRefresh), which mends any drift.
 */
@Schema({ collection: 'site_ratings', versionKey: false })
export class SiteRatings {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ default: 0 }) ratingCount: number;
  @Prop({ default: 0 }) ratingSum: number;
}

export const SiteRatingsSchema = SchemaFactory.createForClass(SiteRatings);
export const SITE_RATINGS_ID = 'all';

/** The models the services repository needs, for every module that provides it. */
export const SERVICE_MODELS = [
  { name: ServiceListing.name, schema: ServiceListingSchema },
  { name: ServiceText.name, schema: ServiceTextSchema },
  { name: SiteRatings.name, schema: SiteRatingsSchema },
  { name: ServiceAlert.name, schema: ServiceAlertSchema },
];

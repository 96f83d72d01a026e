import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const CLAIM_STATUSES = [
  'awaiting_confirmation',
  'awaiting_approval',
  'approved',
  'rejected',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A claim's `_id`: one claim per user per service, asked again in place. */
export function claimId(serviceId: string, userId: string): string {
  return `${serviceId}:${userId}`;
}

/**
 * A user's claim to manage a service: they give an address at the service website's domain, we
 * e-mail it a one-time link (only its SHA-256, `codeHash`, is kept, until `codeExpiresAt`), its
 * use moves the claim to awaiting an admin, who approves or rejects it with a note.
 */
@Schema({ collection: 'service_claims', versionKey: false })
export class ServiceClaim {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) serviceId: string;
  @Prop({ required: true }) userId: string;
  /** The address at the website's domain the link went to. */
  @Prop({ required: true }) email: string;
  @Prop({ type: String, required: true }) status: ClaimStatus;
  @Prop() codeHash?: string;
  @Prop() codeExpiresAt?: Date;
  /** True while an admin's decision is awaited (absent otherwise): the admins' queue's key. */
  @Prop() awaiting?: boolean;
  @Prop({ required: true }) requestedAt: Date;
  @Prop() confirmedAt?: Date;
  @Prop() decidedAt?: Date;
  @Prop() decidedBy?: string;
  /** The admin's reason, when rejected. */
  @Prop() note?: string;
}

export const ServiceClaimSchema = SchemaFactory.createForClass(ServiceClaim);
ServiceClaimSchema.index({ awaiting: 1, confirmedAt: 1 });

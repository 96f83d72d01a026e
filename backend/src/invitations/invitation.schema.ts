import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HashedToken } from '../auth/hashed-token.schema';

/**
 * A service owner's invitation to one customer to review the service: `_id` = SHA-256 of the
 * link's token (the token is only in the link), `userId` = the owner who made it. It works once,
 * until `expiresAt`: the review written through it takes it (`usedAt`, `usedBy`, `reviewId`) in
 * one atomic write, and carries the "Verified customer" label.
 */
@Schema({ collection: 'customer_invitations', versionKey: false })
export class CustomerInvitation extends HashedToken {
  @Prop({ required: true }) serviceId: string;
  /** The customer's address, when the owner had it e-mailed. */
  @Prop() email?: string;
  @Prop({ required: true }) createdAt: Date;
  @Prop() usedAt?: Date;
  @Prop() usedBy?: string;
  @Prop() reviewId?: string;
}

export const CustomerInvitationSchema = SchemaFactory.createForClass(CustomerInvitation);

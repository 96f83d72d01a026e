import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { dayOf } from '../auth/token-hash';
import { CustomerInvitation } from './invitation.schema';

export type StoredInvitation = CustomerInvitation & { rev?: number };

const DAY_MS = 86_400_000;

/** The only code that touches `customer_invitations`: `_id` lookups and the expiry-day key. */
@Injectable()
export class InvitationsRepository {
  constructor(
    @InjectModel(CustomerInvitation.name) private readonly invitations: Model<CustomerInvitation>,
    private readonly atomic: AtomicDocuments,
  ) {}

  async insert(invitation: CustomerInvitation): Promise<void> {
    await this.invitations.create(invitation);
  }

  findById(id: string): Promise<StoredInvitation | null> {
    return this.invitations.findById(id).lean<StoredInvitation>().exec();
  }

  /** A read-modify-write of one invitation that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: StoredInvitation) => Changes) {
    return this.atomic.modify<StoredInvitation>(this.invitations, id, decide);
  }

  /**
   * Removes invitations that expired in the last `days` days (by the day key), used or not: the
   * audit trail keeps their history, and a review its label.
   */
  async deleteExpired(days = 7): Promise<number> {
    let removed = 0;
    for (let daysAgo = 1; daysAgo <= days; daysAgo += 1) {
      const expiresOn = dayOf(Date.now() - daysAgo * DAY_MS);
      removed += (await this.invitations.deleteMany({ expiresOn }).exec()).deletedCount;
    }
    return removed;
  }
}

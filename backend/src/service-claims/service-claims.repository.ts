import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { ServiceClaim } from './service-claim.schema';

export type StoredClaim = ServiceClaim & { rev?: number };

/** How many claims the admins' queue shows at once. */
const QUEUE_PAGE = 100;

/** The only code that touches `service_claims`: `_id` lookups and the admins' queue's key. */
@Injectable()
export class ServiceClaimsRepository {
  constructor(
    @InjectModel(ServiceClaim.name) private readonly claims: Model<ServiceClaim>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** Inserts the claim; the store's duplicate-key error when the user has one for the service. */
  async insert(claim: ServiceClaim): Promise<void> {
    await this.claims.create(claim);
  }

  findById(id: string): Promise<StoredClaim | null> {
    return this.claims.findById(id).lean<StoredClaim>().exec();
  }

  /** A read-modify-write of one claim that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: StoredClaim) => Changes) {
    return this.atomic.modify<StoredClaim>(this.claims, id, decide);
  }

  /** Claims confirmed by e-mail and waiting for an admin, oldest first. */
  awaitingDecision(): Promise<StoredClaim[]> {
    return this.claims
      .find({ awaiting: true })
      .sort({ confirmedAt: 1 })
      .limit(QUEUE_PAGE)
      .lean<StoredClaim[]>()
      .exec();
  }
}

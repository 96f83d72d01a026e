import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { insertedOnce } from '../common/duplicate-key';
import { WebhookDelivery } from './webhook-delivery.schema';

/** Each endpoint keeps its newest deliveries, with their tries; older ones are deleted. */
export const DELIVERIES_KEPT_PER_ENDPOINT = 50;

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The only code that touches `webhook_deliveries`: `_id` look-ups and an endpoint's log. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    @InjectModel(WebhookDelivery.name) private readonly deliveries: Model<WebhookDelivery>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /**
   * Inserts it unless its `_id` is there (answers whether it was new), then deletes the
   * endpoint's deliveries beyond the newest DELIVERIES_KEPT_PER_ENDPOINT.
   */
  async insert(delivery: WebhookDelivery): Promise<boolean> {
    const inserted = await insertedOnce(() => this.deliveries.create(delivery));
    if (inserted) await this.dropBeyondCap(delivery.endpointId);
    return inserted;
  }

  findById(id: string): Promise<WebhookDelivery | null> {
    return this.deliveries.findById(id).lean<WebhookDelivery>().exec();
  }

  /** The endpoint's log, newest first. */
  ofEndpoint(endpointId: string): Promise<WebhookDelivery[]> {
    return this.deliveries
      .find({ endpointId })
      .sort(NEWEST_FIRST)
      .limit(DELIVERIES_KEPT_PER_ENDPOINT)
      .lean<WebhookDelivery[]>()
      .exec();
  }

  modify(id: string, decide: (current: WebhookDelivery) => Changes) {
    return this.atomic.modify<WebhookDelivery>(this.deliveries, id, decide);
  }

  async deleteAllOf(endpointId: string): Promise<void> {
    await this.deliveries.deleteMany({ endpointId }).exec();
  }

  private async dropBeyondCap(endpointId: string): Promise<void> {
    const older = await this.deliveries
      .find({ endpointId }, { _id: 1 })
      .sort(NEWEST_FIRST)
      .skip(DELIVERIES_KEPT_PER_ENDPOINT)
      .lean<{ _id: string }[]>()
      .exec();
    if (older.length === 0) return;
    await this.deliveries.bulkWrite(
      older.map(({ _id }) => ({ deleteOne: { filter: { _id } } })),
      { ordered: false },
    );
  }
}

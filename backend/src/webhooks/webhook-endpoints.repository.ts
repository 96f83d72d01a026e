import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { WebhookEndpoint } from './webhook-endpoint.schema';

/** The only code that touches `webhook_endpoints`: `_id` look-ups and a service's few. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    @InjectModel(WebhookEndpoint.name) private readonly endpoints: Model<WebhookEndpoint>,
    private readonly atomic: AtomicDocuments,
  ) {}

  async insert(endpoint: WebhookEndpoint): Promise<void> {
    await this.endpoints.create(endpoint);
  }

  findById(id: string): Promise<WebhookEndpoint | null> {
    return this.endpoints.findById(id).lean<WebhookEndpoint>().exec();
  }

  /** The service's endpoints, oldest first (a few: the service caps them). */
  ofService(serviceId: string): Promise<WebhookEndpoint[]> {
    return this.endpoints
      .find({ serviceId })
      .sort({ createdAt: 1, _id: 1 })
      .lean<WebhookEndpoint[]>()
      .exec();
  }

  /** A read-modify-write that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: WebhookEndpoint) => Changes) {
    return this.atomic.modify<WebhookEndpoint>(this.endpoints, id, decide);
  }

  remove(id: string): Promise<WebhookEndpoint | null> {
    return this.atomic.remove<WebhookEndpoint>(this.endpoints, id);
  }
}

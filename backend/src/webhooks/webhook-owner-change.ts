import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../events/review-events';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

/**
 * When an approved claim gives a service a new owner, the webhooks its previous owner added stop:
 * their receivers would keep getting the service's events, and the new owner could reveal their
 * secrets. Those made before the decision are deleted with their logs; the new owner's, made
 * after it, stay. Safe to repeat: a second pass finds none.
 */
@Injectable()
export class WebhookOwnerChange {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  async apply(event: DomainEvent): Promise<void> {
    if (event.type !== 'service.claim_decided' || !event.serviceId) return;
    if (event.before?.ownerId === event.after?.ownerId) return;
    const decidedAt = new Date(event.at).getTime();
    const previous = (await this.endpoints.ofService(event.serviceId)).filter(
      (endpoint) => new Date(endpoint.createdAt).getTime() <= decidedAt,
    );
    for (const endpoint of previous) {
      await this.endpoints.remove(endpoint._id);
      await this.deliveries.deleteAllOf(endpoint._id);
    }
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { NotificationsService } from '../notifications/notifications.service';
import { ServicesService } from '../services/services.service';
import type { DeliveryTry } from './webhook-delivery.schema';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { WebhookEndpoint } from './webhook-endpoint.schema';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { ALL_SERVICES } from './webhook-events';
import { signedHeaders, signingSecrets } from './webhook-secrets';
import { sendWebhook } from './webhook-sender';

/** A delivery keeps its latest tries (a resent one may try again and again). */
const TRIES_KEPT = 30;

/** How a try ended: received (2xx), to be tried again, or not to be (the endpoint is off or gone). */
export type TryResult = 'delivered' | 'retry' | 'stopped';

/**
 * One try of a delivery: sign, send, and write down the try in the delivery's log and the
 * endpoint's state. An endpoint whose tries failed WEBHOOKS_DISABLE_AFTER_FAILURES times in a
 * row is turned off, and the service's owner is notified (and e-mailed when mail is set up).
 */
@Injectable()
export class WebhookTries {
  private readonly logger = new Logger(WebhookTries.name);

  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly notifications: NotificationsService,
    private readonly services: ServicesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `last`: no try follows this one if it fails. */
  async attempt(deliveryId: string, endpointId: string, last: boolean): Promise<TryResult> {
    const [delivery, endpoint] = await Promise.all([
      this.deliveries.findById(deliveryId),
      this.endpoints.findById(endpointId),
    ]);
    if (!delivery) return 'stopped';
    if (!endpoint?.enabled) {
      await this.deliveries.modify(deliveryId, (current) =>
        current.state === 'pending' ? { state: 'failed' } : null,
      );
      return 'stopped';
    }
    const at = new Date();
    const headers = signedHeaders(delivery._id, delivery.body, signingSecrets(endpoint, at), at);
    const outcome = await sendWebhook(endpoint.url, delivery.body, headers, {
      allowLoopback: this.config.webhooks.allowLoopback,
      timeoutMs: this.config.webhooks.timeoutMs,
    });
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const disabled = await this.recordOnEndpoint(endpoint._id, at, outcome.statusCode, ok);
    const made: DeliveryTry = { at, ...outcome };
    await this.deliveries.modify(deliveryId, (current) => ({
      tries: [...current.tries, made].slice(-TRIES_KEPT),
      state: ok ? 'delivered' : last || disabled ? 'failed' : 'pending',
    }));
    if (ok) return 'delivered';
    return disabled ? 'stopped' : 'retry';
  }

  /** Answers whether this try turned the endpoint off. */
  private async recordOnEndpoint(
    endpointId: string,
    at: Date,
    statusCode: number | null,
    ok: boolean,
  ): Promise<boolean> {
    const limit = this.config.webhooks.disableAfterFailures;
    const changed = await this.endpoints.modify(endpointId, (current) => {
      const failuresInARow = ok ? 0 : current.failuresInARow + 1;
      const disable = current.enabled && failuresInARow >= limit;
      return {
        failuresInARow,
        lastTry: { at, statusCode, ok },
        ...(disable ? { enabled: false, disabledBecause: 'failures' } : {}),
      };
    });
    if (!changed || !changed.before.enabled || changed.after.enabled) return false;
    await this.notifyDisabled(changed.after);
    return true;
  }

  private async notifyDisabled(endpoint: WebhookEndpoint): Promise<void> {
    const service =
      endpoint.serviceId === ALL_SERVICES ? null : await this.services.identity(endpoint.serviceId);
    const userId = service?.ownerId ?? endpoint.createdBy;
    this.logger.warn(
      `webhook ${endpoint._id} turned off after ${endpoint.failuresInARow} failures`,
    );
    await this.notifications.deliver([
      {
        id: `webhook-disabled:${endpoint._id}:${endpoint.rev ?? 0}`,
        userId,
        kind: 'webhook.disabled',
        text:
          `Your webhook to ${endpoint.url}${service ? ` for ${service.title}` : ''} was turned off ` +
          `after ${endpoint.failuresInARow} failed deliveries in a row. Fix the receiver, then turn it on again.`,
        link: service ? '/myservices' : '/',
      },
    ]);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { isAdmin } from '../auth/auth-user';
import { mayActForService } from '../auth/policy';
import { ServicesService } from '../services/services.service';
import { ReceiverRefused, checkReceiverUrl } from './receiver-address';
import type { WebhookDelivery } from './webhook-delivery.schema';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { WebhookEndpoint } from './webhook-endpoint.schema';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { ALL_SERVICES } from './webhook-events';
import { WebhookJobs } from './webhook-jobs';
import { newWebhookSecret } from './webhook-secrets';
import type {
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
  WebhookDto,
  WebhookSecretDto,
} from './webhook.dto';

/** A service has at most this many webhooks, and so have all services (admins'). */
export const WEBHOOKS_PER_SERVICE = 10;

const NO_WEBHOOK = () =>
  new ApiError(404, 'This service has no webhook with this id.', 'WEBHOOK_NOT_FOUND');

function toDto(endpoint: WebhookEndpoint): WebhookDto {
  const overlapping =
    endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > Date.now();
  return {
    _id: endpoint._id,
    serviceId: endpoint.serviceId,
    url: endpoint.url,
    events: endpoint.events as WebhookDto['events'],
    enabled: endpoint.enabled,
    ...(endpoint.disabledBecause ? { disabledBecause: endpoint.disabledBecause } : {}),
    failuresInARow: endpoint.failuresInARow,
    ...(endpoint.lastTry ? { lastTry: endpoint.lastTry } : {}),
    ...(overlapping ? { previousSecretUntil: endpoint.previousSecretUntil } : {}),
    createdAt: endpoint.createdAt,
  };
}

function deliveryDto(delivery: WebhookDelivery): WebhookDeliveryDto {
  return {
    _id: delivery._id,
    type: delivery.type,
    state: delivery.state,
    createdAt: delivery.createdAt,
    tries: delivery.tries,
  };
}

/**
 * A service's webhooks, managed by its owner and admins (and admins' webhooks for every service,
 * `serviceId` ALL_SERVICES): add, list, change, turn on and off, delete, reveal and rotate the
 * secret, send a test event, read the log and resend.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly jobs: WebhookJobs,
    private readonly services: ServicesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(serviceId: string, caller: AuthUser): Promise<WebhookDto[]> {
    await this.checkMayManage(serviceId, caller);
    return (await this.endpoints.ofService(serviceId)).map(toDto);
  }

  async create(
    serviceId: string,
    dto: CreateWebhookDto,
    caller: AuthUser,
  ): Promise<WebhookCreatedDto> {
    await this.checkMayManage(serviceId, caller);
    const url = await this.checkedUrl(dto.url);
    if ((await this.endpoints.ofService(serviceId)).length >= WEBHOOKS_PER_SERVICE) {
      throw new ApiError(
        409,
        `There can be at most ${WEBHOOKS_PER_SERVICE} webhooks here: delete one first.`,
        'WEBHOOK_LIMIT',
      );
    }
    const endpoint: WebhookEndpoint = {
      _id: new Types.ObjectId().toHexString(),
      serviceId,
      url,
      events: dto.events,
      enabled: true,
      secret: newWebhookSecret(),
      failuresInARow: 0,
      createdBy: caller.id,
      createdAt: new Date(),
    };
    await this.endpoints.insert(endpoint);
    return { ...toDto(endpoint), secret: endpoint.secret };
  }

  async update(
    serviceId: string,
    webhookId: string,
    dto: UpdateWebhookDto,
    caller: AuthUser,
  ): Promise<WebhookDto> {
    await this.endpointOf(serviceId, webhookId, caller);
    const url = dto.url === undefined ? undefined : await this.checkedUrl(dto.url);
    const changed = await this.endpoints.modify(webhookId, (current) => ({
      ...(url !== undefined ? { url } : {}),
      ...(dto.events ? { events: dto.events } : {}),
      ...(dto.enabled === true && !current.enabled
        ? { enabled: true, disabledBecause: undefined, failuresInARow: 0 }
        : {}),
      ...(dto.enabled === false && current.enabled
        ? { enabled: false, disabledBecause: 'owner' }
        : {}),
    }));
    if (!changed) throw NO_WEBHOOK();
    return toDto(changed.after);
  }

  async remove(serviceId: string, webhookId: string, caller: AuthUser): Promise<void> {
    await this.endpointOf(serviceId, webhookId, caller);
    await this.endpoints.remove(webhookId);
    await this.deliveries.deleteAllOf(webhookId);
  }

  async revealSecret(
    serviceId: string,
    webhookId: string,
    caller: AuthUser,
  ): Promise<WebhookSecretDto> {
    const endpoint = await this.endpointOf(serviceId, webhookId, caller);
    const { previousSecretUntil } = toDto(endpoint);
    return { secret: endpoint.secret, ...(previousSecretUntil ? { previousSecretUntil } : {}) };
  }

  /** A new secret; the old one still signs (beside it) for WEBHOOKS_SECRET_OVERLAP_HOURS. */
  async rotateSecret(
    serviceId: string,
    webhookId: string,
    caller: AuthUser,
  ): Promise<WebhookSecretDto> {
    await this.endpointOf(serviceId, webhookId, caller);
    const previousSecretUntil = new Date(Date.now() + this.config.webhooks.secretOverlapMs);
    const changed = await this.endpoints.modify(webhookId, (current) => ({
      secret: newWebhookSecret(),
      previousSecret: current.secret,
      previousSecretUntil,
    }));
    if (!changed) throw NO_WEBHOOK();
    return { secret: changed.after.secret, previousSecretUntil };
  }

  async sendTest(
    serviceId: string,
    webhookId: string,
    caller: AuthUser,
  ): Promise<WebhookDeliveryDto> {
    const endpoint = await this.endpointOf(serviceId, webhookId, caller);
    this.checkEnabled(endpoint);
    return deliveryDto(await this.jobs.queueTest(endpoint));
  }

  async deliveriesOf(
    serviceId: string,
    webhookId: string,
    caller: AuthUser,
  ): Promise<WebhookDeliveryDto[]> {
    await this.endpointOf(serviceId, webhookId, caller);
    return (await this.deliveries.ofEndpoint(webhookId)).map(deliveryDto);
  }

  async resend(
    serviceId: string,
    webhookId: string,
    deliveryId: string,
    caller: AuthUser,
  ): Promise<WebhookDeliveryDto> {
    const endpoint = await this.endpointOf(serviceId, webhookId, caller);
    this.checkEnabled(endpoint);
    const changed = await this.deliveries.modify(deliveryId, (current) =>
      current.endpointId === webhookId ? { state: 'pending' } : null,
    );
    if (!changed) {
      throw new ApiError(404, 'This webhook has no delivery with this id.', 'DELIVERY_NOT_FOUND');
    }
    await this.jobs.resend(changed.after);
    return deliveryDto(changed.after);
  }

  private checkEnabled(endpoint: WebhookEndpoint): void {
    if (!endpoint.enabled) {
      throw new ApiError(
        409,
        'This webhook is turned off: turn it on to send to it.',
        'WEBHOOK_DISABLED',
      );
    }
  }

  private async checkedUrl(url: string): Promise<string> {
    try {
      return (await checkReceiverUrl(url, this.config.webhooks.allowLoopback)).href;
    } catch (error) {
      if (error instanceof ReceiverRefused) {
        throw new ApiError(400, error.message, 'WEBHOOK_URL_REFUSED');
      }
      throw error;
    }
  }

  private async checkMayManage(serviceId: string, caller: AuthUser): Promise<void> {
    if (serviceId === ALL_SERVICES) {
      if (!isAdmin(caller)) {
        throw new ApiError(403, 'Only admins can manage the webhooks of every service.');
      }
      return;
    }
    const service = await this.services.identity(serviceId);
    if (!service) throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    if (!mayActForService(service, caller)) {
      throw new ApiError(403, 'Only the owner of this service and admins can manage its webhooks.');
    }
  }

  private async endpointOf(
    serviceId: string,
    webhookId: string,
    caller: AuthUser,
  ): Promise<WebhookEndpoint> {
    await this.checkMayManage(serviceId, caller);
    const endpoint = await this.endpoints.findById(webhookId);
    if (!endpoint || endpoint.serviceId !== serviceId) throw NO_WEBHOOK();
    return endpoint;
  }
}

import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { DeleteResultDto } from '../common/api-responses';
import { ParseObjectIdPipe } from '../common/object-id.pipe';
import { Read, Write } from '../common/route-kinds';
import { ALL_SERVICES } from './webhook-events';
import {
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
  WebhookDto,
  WebhookSecretDto,
} from './webhook.dto';
import { WebhooksService } from './webhooks.service';

const WebhookIdParam = () => Param('webhookId', ParseObjectIdPipe);

/** Admins' webhooks, which receive the review events of every service. */
@ApiTags('webhooks')
@Controller('admin/webhooks')
@Access('admin')
export class AdminWebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Write(
    { operationId: 'addAdminWebhook', summary: "Adds a webhook for every service's events" },
    WebhookCreatedDto,
    [400, 409],
    { created: true, limit: false },
  )
  create(@Body() dto: CreateWebhookDto, @CurrentUser() caller: AuthUser) {
    return this.webhooks.create(ALL_SERVICES, dto, caller);
  }

  @Get()
  @Read({ operationId: 'listAdminWebhooks', summary: "Admins' webhooks" }, [WebhookDto], [])
  list(@CurrentUser() caller: AuthUser) {
    return this.webhooks.list(ALL_SERVICES, caller);
  }

  @Patch(':webhookId')
  @Write(
    { operationId: 'updateAdminWebhook', summary: "Changes an admins' webhook" },
    WebhookDto,
    [400, 404],
    { limit: false },
  )
  update(
    @WebhookIdParam() webhookId: string,
    @Body() dto: UpdateWebhookDto,
    @CurrentUser() caller: AuthUser,
  ) {
    return this.webhooks.update(ALL_SERVICES, webhookId, dto, caller);
  }

  @Delete(':webhookId')
  @Write(
    { operationId: 'deleteAdminWebhook', summary: "Deletes an admins' webhook and its log" },
    DeleteResultDto,
    [400, 404],
    { limit: false },
  )
  async delete(
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<DeleteResultDto> {
    await this.webhooks.remove(ALL_SERVICES, webhookId, caller);
    return { acknowledged: true, deletedCount: 1 };
  }

  @Get(':webhookId/secret')
  @Read(
    { operationId: 'revealAdminWebhookSecret', summary: "An admins' webhook's secret" },
    WebhookSecretDto,
    [400, 404],
  )
  secret(@WebhookIdParam() webhookId: string, @CurrentUser() caller: AuthUser) {
    return this.webhooks.revealSecret(ALL_SERVICES, webhookId, caller);
  }

  @Post(':webhookId/rotate-secret')
  @Write(
    { operationId: 'rotateAdminWebhookSecret', summary: "A new secret for an admins' webhook" },
    WebhookSecretDto,
    [400, 404],
    { limit: false },
  )
  rotate(@WebhookIdParam() webhookId: string, @CurrentUser() caller: AuthUser) {
    return this.webhooks.rotateSecret(ALL_SERVICES, webhookId, caller);
  }

  @Post(':webhookId/test')
  @Write(
    {
      operationId: 'sendAdminWebhookTest',
      summary: "Sends a webhook.test event to an admins' webhook",
    },
    WebhookDeliveryDto,
    [400, 404, 409],
    { limit: false },
  )
  test(@WebhookIdParam() webhookId: string, @CurrentUser() caller: AuthUser) {
    return this.webhooks.sendTest(ALL_SERVICES, webhookId, caller);
  }

  @Get(':webhookId/deliveries')
  @Read(
    {
      operationId: 'listAdminWebhookDeliveries',
      summary: "An admins' webhook's latest deliveries",
    },
    [WebhookDeliveryDto],
    [400, 404],
  )
  deliveries(@WebhookIdParam() webhookId: string, @CurrentUser() caller: AuthUser) {
    return this.webhooks.deliveriesOf(ALL_SERVICES, webhookId, caller);
  }

  @Post(':webhookId/deliveries/:deliveryId/resend')
  @Write(
    {
      operationId: 'resendAdminWebhookDelivery',
      summary: "Sends an admins' webhook's delivery again",
    },
    WebhookDeliveryDto,
    [400, 404, 409],
    { limit: false },
  )
  resend(
    @WebhookIdParam() webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentUser() caller: AuthUser,
  ) {
    return this.webhooks.resend(ALL_SERVICES, webhookId, deliveryId, caller);
  }
}

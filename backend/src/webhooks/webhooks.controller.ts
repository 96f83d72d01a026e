import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { DeleteResultDto } from '../common/api-responses';
import { IdParam, ParseObjectIdPipe } from '../common/object-id.pipe';
import { Read, Write } from '../common/route-kinds';
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

/** A service's webhooks, for its owner and admins. */
@ApiTags('webhooks')
@Controller('services/:id/webhooks')
@Access('signed-in')
@TokenScopes('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Write(
    {
      operationId: 'addWebhook',
      summary: 'Adds a webhook to the service (its owner or an admin); answers it with its secret',
    },
    WebhookCreatedDto,
    [400, 403, 404, 409],
    { created: true },
  )
  create(
    @IdParam() id: string,
    @Body() dto: CreateWebhookDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookCreatedDto> {
    return this.webhooks.create(id, dto, caller);
  }

  @Get()
  @Read(
    { operationId: 'listWebhooks', summary: "The service's webhooks" },
    [WebhookDto],
    [400, 403, 404],
  )
  list(@IdParam() id: string, @CurrentUser() caller: AuthUser): Promise<WebhookDto[]> {
    return this.webhooks.list(id, caller);
  }

  @Patch(':webhookId')
  @Write(
    {
      operationId: 'updateWebhook',
      summary: "Changes a webhook's URL or events, or turns it on or off",
    },
    WebhookDto,
    [400, 403, 404],
  )
  update(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @Body() dto: UpdateWebhookDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookDto> {
    return this.webhooks.update(id, webhookId, dto, caller);
  }

  @Delete(':webhookId')
  @Write(
    { operationId: 'deleteWebhook', summary: 'Deletes a webhook and its log' },
    DeleteResultDto,
    [400, 403, 404],
  )
  async delete(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<DeleteResultDto> {
    await this.webhooks.remove(id, webhookId, caller);
    return { acknowledged: true, deletedCount: 1 };
  }

  @Get(':webhookId/secret')
  @Read(
    { operationId: 'revealWebhookSecret', summary: "A webhook's signing secret" },
    WebhookSecretDto,
    [400, 403, 404],
  )
  secret(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookSecretDto> {
    return this.webhooks.revealSecret(id, webhookId, caller);
  }

  @Post(':webhookId/rotate-secret')
  @Write(
    {
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret; the old one signs beside it until the overlap ends',
    },
    WebhookSecretDto,
    [400, 403, 404],
  )
  rotate(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookSecretDto> {
    return this.webhooks.rotateSecret(id, webhookId, caller);
  }

  @Post(':webhookId/test')
  @Write(
    { operationId: 'sendWebhookTest', summary: 'Sends a webhook.test event to the webhook now' },
    WebhookDeliveryDto,
    [400, 403, 404, 409],
  )
  test(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.sendTest(id, webhookId, caller);
  }

  @Get(':webhookId/deliveries')
  @Read(
    {
      operationId: 'listWebhookDeliveries',
      summary: "A webhook's latest deliveries, with their tries",
    },
    [WebhookDeliveryDto],
    [400, 403, 404],
  )
  deliveries(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookDeliveryDto[]> {
    return this.webhooks.deliveriesOf(id, webhookId, caller);
  }

  @Post(':webhookId/deliveries/:deliveryId/resend')
  @Write(
    {
      operationId: 'resendWebhookDelivery',
      summary: 'Sends a delivery again, with its message id',
    },
    WebhookDeliveryDto,
    [400, 403, 404, 409],
  )
  resend(
    @IdParam() id: string,
    @WebhookIdParam() webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.resend(id, webhookId, deliveryId, caller);
  }
}

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { trim } from '../common/transforms';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';
import type { DeliveryState } from './webhook-delivery.schema';

const EVENTS_MESSAGE = `events must be a list of: ${WEBHOOK_EVENT_TYPES.join(', ')}`;

/** A receiver's URL: text of at most 2048 characters (the service checks where it points). */
function UrlField() {
  return applyDecorators(
    Transform(trim),
    IsString({ message: 'url must be text' }),
    MaxLength(2048, { message: 'url must be at most 2048 characters long' }),
  );
}

/** The events subscribed to: one or more of WEBHOOK_EVENT_TYPES, each once. */
function EventsField() {
  return applyDecorators(
    IsArray({ message: EVENTS_MESSAGE }),
    ArrayNotEmpty({ message: 'events must name at least one event' }),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: EVENTS_MESSAGE }),
    ArrayUnique({ message: 'events must name each event once' }),
    IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE }),
  );
}

const EVENTS_PROPERTY = {
  enum: WEBHOOK_EVENT_TYPES,
  enumName: 'WebhookEventType',
  isArray: true,
} as const;

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://hooks.fastcourier.example/service-critic', maxLength: 2048 })
  @UrlField()
  url: string;

  @ApiProperty(EVENTS_PROPERTY)
  @EventsField()
  events: WebhookEventType[];
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ example: 'https://hooks.fastcourier.example/v2', maxLength: 2048 })
  @IsOptional()
  @UrlField()
  url?: string;

  @ApiPropertyOptional(EVENTS_PROPERTY)
  @IsOptional()
  @EventsField()
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'Turn the webhook on (which clears its failures) or off' })
  @IsOptional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

export class WebhookTryDto {
  @ApiProperty() at: Date;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no answer' })
  statusCode: number | null;
  @ApiProperty() durationMs: number;
  @ApiPropertyOptional({ description: 'Why there was no answer' }) error?: string;
}

export class WebhookLastTryDto {
  @ApiProperty() at: Date;
  @ApiProperty({ type: Number, nullable: true }) statusCode: number | null;
  @ApiProperty() ok: boolean;
}

/** An endpoint as its owner sees it in the list (the secret is only shown on demand). */
export class WebhookDto {
  @ApiProperty() _id: string;
  @ApiProperty() serviceId: string;
  @ApiProperty() url: string;
  @ApiProperty(EVENTS_PROPERTY)
  events: WebhookEventType[];
  @ApiProperty() enabled: boolean;
  @ApiPropertyOptional({
    enum: ['owner', 'failures'],
    description: 'Why it is off: turned off, or too many failed tries in a row',
  })
  disabledBecause?: 'owner' | 'failures';
  @ApiProperty() failuresInARow: number;
  @ApiPropertyOptional({ type: WebhookLastTryDto }) lastTry?: WebhookLastTryDto;
  @ApiPropertyOptional({ description: 'Until when the rotated secret still signs' })
  previousSecretUntil?: Date;
  @ApiProperty() createdAt: Date;
}

/** A new endpoint, with its secret. */
export class WebhookCreatedDto extends WebhookDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }) secret: string;
}

export class WebhookSecretDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }) secret: string;
  @ApiPropertyOptional({ description: 'Until when the previous secret still signs too' })
  previousSecretUntil?: Date;
}

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One message to an endpoint, with every try. */
export class WebhookDeliveryDto {
  @ApiProperty({ description: 'The message id (the webhook-id header)' }) _id: string;
  @ApiProperty({ example: 'review.created' }) type: string;
  @ApiProperty({ enum: DELIVERY_STATES }) state: DeliveryState;
  @ApiProperty() createdAt: Date;
  @ApiProperty({ type: [WebhookTryDto] }) tries: WebhookTryDto[];
}

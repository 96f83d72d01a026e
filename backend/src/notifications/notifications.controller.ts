import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { PrivateRead } from '../common/public-read';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { IsString, MaxLength } from 'class-validator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { PageQueryDto, type Page } from '../common/pagination';
import { NotificationsService } from './notifications.service';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import { PagedList } from '../common/paged-list';

export class NotificationDto {
  @ApiProperty() _id: string;
  @ApiProperty() kind: string;
  @ApiProperty() text: string;
  @ApiProperty() link: string;
  @ApiProperty() createdAt: Date;
  @ApiProperty() read: boolean;
  @ApiProperty({ type: Date, nullable: true }) readAt: Date | null;
}

class NotificationIdParams {
  @ApiProperty({ description: 'The notification id' })
  @IsString()
  @MaxLength(100, { message: 'id is too long' })
  id: string;
}

class MarkedReadDto {
  @ApiProperty({ example: true }) success: boolean;
}

class MarkedAllReadDto {
  @ApiProperty({ example: 3, description: 'How many were unread' }) marked: number;
}

@ApiTags('notifications')
@Access('signed-in')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @PrivateRead()
  @TokenScopes('reviews:read')
  @PagedList(
    {
      operationId: 'listNotifications',
      summary: 'Your notifications, newest first; header X-Unread-Count has the unread count',
    },
    NotificationDto,
    { 'X-Unread-Count': { description: 'How many are unread', schema: { type: 'integer' } } },
  )
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Page<NotificationDto>> {
    const page = await this.notifications.list(user.id, query.limit, query.offset);
    res.setHeader('X-Unread-Count', String(page.unread));
    return page;
  }

  @Post('read-all')
  @HttpCode(200)
  @TokenScopes('reviews:write')
  @ApiOperation({
    operationId: 'markAllNotificationsRead',
    summary: 'Marks all your notifications read',
  })
  @ApiOkResponse({ type: MarkedAllReadDto })
  async markAllRead(@CurrentUser() user: AuthUser): Promise<MarkedAllReadDto> {
    return { marked: await this.notifications.markAllRead(user.id) };
  }

  @Post(':id/read')
  @HttpCode(200)
  @TokenScopes('reviews:write')
  @ApiOperation({
    operationId: 'markNotificationRead',
    summary: 'Marks one of your notifications read',
  })
  @ApiOkResponse({ type: MarkedReadDto })
  @ApiNotFoundResponse({ description: 'No such notification of yours' })
  async markRead(
    @CurrentUser() user: AuthUser,
    @Param() params: NotificationIdParams,
  ): Promise<MarkedReadDto> {
    await this.notifications.markRead(user.id, params.id);
    return { success: true };
  }
}

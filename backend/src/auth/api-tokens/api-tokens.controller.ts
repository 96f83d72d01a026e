import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Read, Write } from '../../common/route-kinds';
import { Access } from '../access';
import type { AuthUser } from '../auth-user';
import { CurrentUser } from '../current-user.decorator';
import {
  ApiTokenDto,
  ApiTokenIdParams,
  CreateApiTokenDto,
  CreatedApiTokenDto,
  RenameApiTokenDto,
  RevokedApiTokenDto,
} from './api-token.dto';
import { ApiTokensService } from './api-tokens.service';

/**
 * The signed-in user's personal API tokens. No route here declares a token scope, so only a
 * browser session reaches them: a token never makes, lists or revokes tokens.
 */
@ApiTags('tokens')
@Controller('tokens')
@Access('signed-in')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Post()
  @Write(
    {
      operationId: 'createApiToken',
      summary: 'Creates a personal API token; its secret is in this answer only',
    },
    CreatedApiTokenDto,
    [400, 403, 409],
    { created: true },
  )
  create(
    @CurrentUser() caller: AuthUser,
    @Body() dto: CreateApiTokenDto,
  ): Promise<CreatedApiTokenDto> {
    return this.tokens.create(caller, dto);
  }

  @Get()
  @Read(
    { operationId: 'listApiTokens', summary: 'Your personal API tokens, newest first' },
    [ApiTokenDto],
    [403],
  )
  list(@CurrentUser() caller: AuthUser): Promise<ApiTokenDto[]> {
    return this.tokens.list(caller.id);
  }

  @Patch(':id')
  @Write(
    { operationId: 'renameApiToken', summary: 'Renames one of your API tokens' },
    ApiTokenDto,
    [400, 403, 404],
  )
  rename(
    @CurrentUser() caller: AuthUser,
    @Param() { id }: ApiTokenIdParams,
    @Body() dto: RenameApiTokenDto,
  ): Promise<ApiTokenDto> {
    return this.tokens.rename(caller, id, dto.name);
  }

  @Delete(':id')
  @Write(
    { operationId: 'revokeApiToken', summary: 'Revokes one of your API tokens at once' },
    RevokedApiTokenDto,
    [400, 403, 404],
  )
  async revoke(
    @CurrentUser() caller: AuthUser,
    @Param() { id }: ApiTokenIdParams,
  ): Promise<RevokedApiTokenDto> {
    await this.tokens.revoke(caller, id);
    return { success: true, message: 'The token was revoked; it no longer works.' };
  }
}

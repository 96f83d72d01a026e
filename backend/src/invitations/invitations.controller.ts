import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdParam } from '../common/object-id.pipe';
import { Read, Write } from '../common/route-kinds';
import { CreateInvitationDto, InvitationCreatedDto, InvitationDto } from './invitation.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('invitations')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('services/:id/invitations')
  @Access('signed-in')
  @TokenScopes('services:write')
  @Write(
    {
      operationId: 'inviteCustomer',
      summary:
        'A single-use, expiring link to review the service (its owner only); e-mailed if asked',
    },
    InvitationCreatedDto,
    [400, 403, 404, 409],
    { created: true },
  )
  create(
    @IdParam() id: string,
    @Body() dto: CreateInvitationDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<InvitationCreatedDto> {
    return this.invitations.create(id, dto.email, caller);
  }

  @Get('invitations/:token')
  @Access('public')
  @Read(
    {
      operationId: 'getInvitation',
      summary: 'The service an invitation link is for, and its state',
    },
    InvitationDto,
    [404],
  )
  get(@Param('token') token: string): Promise<InvitationDto> {
    return this.invitations.describe(token);
  }
}

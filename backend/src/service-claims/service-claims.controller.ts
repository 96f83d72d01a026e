import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdParam, ParseObjectIdPipe } from '../common/object-id.pipe';
import { Decision, Read, Write } from '../common/route-kinds';
import { ClaimDto, ConfirmClaimDto, RejectClaimDto, RequestClaimDto } from './service-claim.dto';
import { ServiceClaims } from './service-claims.service';

/** A signed-in user's claim of a service: asked for, then confirmed through the e-mailed link. */
@ApiTags('claims')
@Access('signed-in')
@Controller('services/:id/claims')
export class ServiceClaimsController {
  constructor(private readonly claims: ServiceClaims) {}

  @Post()
  @TokenScopes('services:write')
  @Write(
    {
      operationId: 'claimService',
      summary:
        "Asks to manage the service: e-mails a one-time link to an address at its website's domain",
    },
    ClaimDto,
    [400, 404, 409, 503],
    { created: true },
  )
  request(
    @IdParam() id: string,
    @Body() dto: RequestClaimDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ClaimDto> {
    return this.claims.request(id, dto.email, caller);
  }

  @Post('confirm')
  @TokenScopes('services:write')
  @Write(
    {
      operationId: 'confirmServiceClaim',
      summary: "The e-mailed link's code: the caller's claim then waits for an admin",
    },
    ClaimDto,
    [400, 404, 409, 410],
  )
  confirm(
    @IdParam() id: string,
    @Body() dto: ConfirmClaimDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<ClaimDto> {
    return this.claims.confirm(id, dto.token, caller);
  }
}

/** The admins' queue of confirmed claims, and their decisions. */
@ApiTags('claims')
@Access('admin')
@Controller('admin')
export class ClaimDecisionsController {
  constructor(private readonly claims: ServiceClaims) {}

  @Get('claims')
  @Read(
    {
      operationId: 'listClaimsAwaitingDecision',
      summary: 'Claims confirmed by e-mail, waiting for an admin, oldest first (admins)',
    },
    [ClaimDto],
    [],
  )
  awaiting(): Promise<ClaimDto[]> {
    return this.claims.awaitingDecision();
  }

  @Post('services/:id/claims/:userId/approve')
  @Decision(
    {
      operationId: 'approveServiceClaim',
      summary:
        'Approves a claim: the claimant becomes the owner, the service shows Claimed (admins)',
    },
    ClaimDto,
  )
  approve(
    @IdParam() id: string,
    @Param('userId', ParseObjectIdPipe) userId: string,
    @CurrentUser() admin: AuthUser,
  ): Promise<ClaimDto> {
    return this.claims.decide(id, userId, { approve: true }, admin);
  }

  @Post('services/:id/claims/:userId/reject')
  @Decision(
    {
      operationId: 'rejectServiceClaim',
      summary: 'Rejects a claim with a reason the claimant is told (admins)',
    },
    ClaimDto,
  )
  reject(
    @IdParam() id: string,
    @Param('userId', ParseObjectIdPipe) userId: string,
    @Body() dto: RejectClaimDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ClaimDto> {
    return this.claims.decide(id, userId, { approve: false, note: dto.reason }, admin);
  }
}

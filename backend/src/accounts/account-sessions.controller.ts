import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Read, Write } from '../common/route-kinds';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Access } from '../auth/access';
import { SessionsService } from '../auth/sessions.service';
import { ChangePasswordDto, EndedSessionsDto, SessionDto } from './accounts.dto';
import { PasswordChange } from './password-change';

function endedMessage(ended: number): string {
  if (ended === 0) return 'You were signed in nowhere else.';
  return ended === 1
    ? 'One other session was signed out.'
    : `${ended} other sessions were signed out.`;
}

/** The account page's security: the password, and where the account is signed in. */
@ApiTags('accounts')
@Controller('account')
@Access('signed-in')
@ApiBearerAuth('bearer')
export class AccountSessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordChange,
  ) {}

  @Get('sessions')
  @Read(
    { operationId: 'listSessions', summary: 'Where you are signed in, newest first' },
    [SessionDto],
    [],
  )
  async list(@CurrentUser() caller: AuthUser): Promise<SessionDto[]> {
    return (await this.sessions.loginsOf(caller.id)).map((login) => ({
      id: login._id,
      device: login.device,
      ip: login.ip,
      signedInAt: login.createdAt,
      current: login._id === caller.sessionId,
    }));
  }

  @Post('sessions/sign-out-others')
  @Write(
    { operationId: 'signOutOtherSessions', summary: 'Signs out every session but this one' },
    EndedSessionsDto,
    [],
  )
  async signOutOthers(@CurrentUser() caller: AuthUser): Promise<EndedSessionsDto> {
    const ended = await this.sessions.revokeAllOf(caller.id, caller.sessionId);
    return { success: true, ended, message: endedMessage(ended) };
  }

  @Post('password')
  @Write(
    {
      operationId: 'changePassword',
      summary: 'Changes your password (the current one is needed); your other sessions end',
    },
    EndedSessionsDto,
    [400],
  )
  async changePassword(
    @CurrentUser() caller: AuthUser,
    @Body() dto: ChangePasswordDto,
  ): Promise<EndedSessionsDto> {
    const ended = await this.passwords.change(caller, dto.currentPassword, dto.newPassword);
    return {
      success: true,
      ended,
      message: `Your password was changed. ${endedMessage(ended)}`,
    };
  }
}

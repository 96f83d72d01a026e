import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { UsersService, normaliseEmail } from '../users/users.service';
import { Access } from './access';
import type { AuthUser } from './auth-user';
import { CurrentUser } from './current-user.decorator';
import { mayAskAbout } from './policy';

class AdminLookupDto {
  @ApiProperty() isAdmin: boolean;
}

@ApiTags('users')
@Controller('users')
export class AdminStatusController {
  constructor(private readonly users: UsersService) {}

  @Get('admin/:email')
  @Access('signed-in')
  @ApiOperation({
    operationId: 'getAdminStatus',
    summary: 'Whether the user with this e-mail is an admin (your own e-mail; admins: any)',
  })
  @ApiOkResponse({ type: AdminLookupDto })
  async adminStatus(
    @Param('email') email: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<AdminLookupDto> {
    const asked = normaliseEmail(email);
    if (!mayAskAbout(asked, caller)) {
      throw new ApiError(403, 'You can only look up your own admin status.');
    }
    return { isAdmin: await this.users.isAdmin(asked) };
  }
}

import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { JwtAuthGuard } from '../auth/guards';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { UsersService, normaliseEmail } from './users.service';

class AdminLookupDto {
  @ApiProperty() isAdmin: boolean;
}

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('admin/:email')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth('bearer')
  @ApiOperation({
    operationId: 'getAdminStatus',
    summary: 'Whether the user with this e-mail is an admin (your own e-mail; admins: any)',
  })
  @ApiOkResponse({ type: AdminLookupDto })
  @ApiUnauthorizedResponse({ description: 'Not logged in' })
  async adminStatus(
    @Param('email') email: string,
    @CurrentUser() caller: AuthUser,
  ): Promise<AdminLookupDto> {
    const asked = normaliseEmail(email);
    if (asked !== caller.email && caller.role !== 'admin') {
      throw new ApiError(403, 'You can only look up your own admin status.');
    }
    return { isAdmin: await this.users.isAdmin(asked) };
  }
}

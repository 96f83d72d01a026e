import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Decision, Read } from '../common/route-kinds';
import { IdParam } from '../common/object-id.pipe';
import { RejectServiceDto, ServiceDto } from './service.dto';
import { ServiceSubmissions } from './service-submissions';
import { serviceAsSeenBy, servicesAsSeenBy } from './service-as-seen';

/** The admins' queue of new services a screening rule held. */
@ApiTags('services')
@Access('admin')
@Controller('admin/services')
export class ServiceScreeningController {
  constructor(private readonly submissions: ServiceSubmissions) {}

  @Get('screening')
  @Read(
    {
      operationId: 'listServicesAwaitingScreening',
      summary: 'New services held by a screening rule, oldest first (admins)',
    },
    [ServiceDto],
    [],
  )
  async awaiting(@CurrentUser() admin: AuthUser): Promise<ServiceDto[]> {
    return servicesAsSeenBy(await this.submissions.awaitingScreening(), admin);
  }

  @Post(':id/approve')
  @Decision({ operationId: 'approveService', summary: 'Lists a held service (admins)' }, ServiceDto)
  async approve(@IdParam() id: string, @CurrentUser() admin: AuthUser): Promise<ServiceDto> {
    return serviceAsSeenBy(
      await this.submissions.decideScreening(id, { approve: true }, admin),
      admin,
    );
  }

  @Post(':id/reject')
  @Decision(
    {
      operationId: 'rejectService',
      summary: 'Refuses a held service with a reason its owner sees (admins)',
    },
    ServiceDto,
  )
  async reject(
    @IdParam() id: string,
    @Body() dto: RejectServiceDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<ServiceDto> {
    const decided = await this.submissions.decideScreening(
      id,
      { approve: false, note: dto.reason },
      admin,
    );
    return serviceAsSeenBy(decided, admin);
  }
}

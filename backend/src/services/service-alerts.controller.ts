import { Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Decision, Read } from '../common/route-kinds';
import { IdParam } from '../common/object-id.pipe';
import { ServiceAlertDto } from './service-alert.dto';
import { ServiceAlerts } from './service-alerts';

/** The admins' list of services with an unusual burst of reviews, and its Close. */
@ApiTags('services')
@Access('admin')
@Controller('admin/services')
export class ServiceAlertsController {
  constructor(private readonly alerts: ServiceAlerts) {}

  @Get('alerts')
  @Read(
    {
      operationId: 'listServiceAlerts',
      summary:
        'Services with an open burst alert, oldest first: their new reviews are held (admins)',
    },
    [ServiceAlertDto],
    [],
  )
  list(): Promise<ServiceAlertDto[]> {
    return this.alerts.listOpen();
  }

  @Post(':id/alerts/close')
  @Decision(
    {
      operationId: 'closeServiceAlert',
      summary:
        "Closes the service's burst alert: its notice goes and new reviews publish again (admins)",
    },
    ServiceAlertDto,
    [400, 404, 503],
  )
  close(@IdParam() id: string, @CurrentUser() admin: AuthUser): Promise<ServiceAlertDto> {
    return this.alerts.close(id, admin);
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import { HealthChecks } from './health-checks';
import { Access } from '../auth/access';
import { NotInClient } from '../common/api-responses';

@ApiTags('health')
@Access('public')
@Controller('health')
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Get('live')
  @HealthCheck()
  @NotInClient()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Answers 200 while the process serves requests; touches no storage',
  })
  live() {
    return this.checks.live();
  }

  @Get('ready')
  @HealthCheck()
  @NotInClient()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Reports whether MongoDB answers a read and Redis a PING, each within 2 s',
  })
  @ApiServiceUnavailableResponse({ description: 'A component is down; the body names it' })
  ready() {
    return this.checks.ready();
  }

  @Get()
  @HealthCheck()
  @NotInClient()
  @ApiOperation({ operationId: 'getHealth', summary: 'Readiness, as /api/health/ready answers it' })
  @ApiServiceUnavailableResponse({ description: 'A component is down; the body names it' })
  check() {
    return this.checks.ready();
  }
}

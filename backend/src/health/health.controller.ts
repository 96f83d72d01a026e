import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, MongooseHealthIndicator } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis.health';
import { Access } from '../auth/access';
import { NotInClient } from '../common/api-responses';

@ApiTags('health')
@Access('public')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  @Get()
  @HealthCheck()
  @NotInClient()
  @ApiOperation({ operationId: 'getHealth', summary: 'Reports whether MongoDB and Redis answer' })
  @ApiServiceUnavailableResponse({ description: 'A component is down; the body names it' })
  check() {
    return this.health.check([
      () => this.mongoose.pingCheck('mongodb', { timeout: 1000 }),
      () => this.redis.isHealthy('redis'),
    ]);
  }
}

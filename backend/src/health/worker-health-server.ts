import {
  HttpException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromHttpException } from '../common/api-exception.filter';
import { HealthChecks } from './health-checks';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { metricsEndpoint } from '../common/metrics/metrics-endpoint';

/** Where the worker serves its metrics, on the health port. */
export const WORKER_METRICS_PATH = '/metrics';

const CHECKS = new Map<string | undefined, 'live' | 'ready'>([
  ['/health/live', 'live'],
  ['/health/ready', 'ready'],
  ['/health', 'ready'],
]);

interface Answer {
  status: number;
  body: unknown;
}

/**
 * The worker has no HTTP app: this small server answers its health on a port of its own
 * (WORKER_HEALTH_PORT): `/health/live`, and `/health/ready` (or `/health`), with the API's
 * bodies, and its metrics at `/metrics`, protected as the API's are. Started by worker.ts only,
 * so workers that tests run in-process listen nowhere.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationShutdown {
  private server: Server | undefined;

  private readonly metrics: ReturnType<typeof metricsEndpoint>;

  constructor(
    private readonly checks: HealthChecks,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.metrics = metricsEndpoint(config, WORKER_METRICS_PATH);
  }

  /** Listens on `host`:`port` (0: any free port); answers the port it got. */
  async listen(port: number, host: string): Promise<number> {
    const server = createServer((request, response) => {
      const path = request.url?.split('?')[0];
      if (path === WORKER_METRICS_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
        return this.metrics(request, response);
      }
      void this.answer(request.method, request.url).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(method: string | undefined, url: string | undefined): Promise<Answer> {
    const check = CHECKS.get(url?.split('?')[0]);
    if (method !== 'GET' || !check) {
      return {
        status: 404,
        body: {
          statusCode: 404,
          code: 'NOT_FOUND',
          error: 'The worker answers GET /health/live, GET /health/ready and GET /metrics only.',
        },
      };
    }
    try {
      return { status: 200, body: await this.checks[check]() };
    } catch (error) {
      const exception =
        error instanceof HttpException
          ? error
          : new ServiceUnavailableException(`The health checks failed: ${String(error)}`);
      return { status: exception.getStatus(), body: fromHttpException(exception) };
    }
  }
}

import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppLogger } from './infrastructure/app-logger';
import { loadConfig, type AppConfig } from './config/app-config';
import { assertRedisReachable } from './infrastructure/redis.module';
import { runEntryPoint } from './infrastructure/startup-error';
import { WorkerModule } from './worker.module';
import { WorkerHealthServer } from './health/worker-health-server';

let config: AppConfig | undefined;

runEntryPoint(
  async () => {
    config = loadConfig();
    await assertRedisReachable(config);
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      logger: false,
      abortOnError: false,
    });
    worker.useLogger(worker.get(AppLogger));
    worker.enableShutdownHooks();
    await worker.init();
    const healthPort = await worker
      .get(WorkerHealthServer)
      .listen(config.workerHealthPort, config.host);
    process.stdout.write(`Service Critic worker ready, health on port ${healthPort}\n`);
  },
  () => config?.mongoUrl,
  'WORKER_HEALTH_PORT',
);

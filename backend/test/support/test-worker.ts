import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '../../src/config/app-config';
import { WorkerModule } from '../../src/worker.module';
import { asAppWork } from './app-scope';

/** The real worker (BullMQ processors) in this process, on the same storage as the test app. */
export async function startTestWorker(config: AppConfig): Promise<INestApplicationContext> {
  return asAppWork(async () => {
    // A worker that cannot start fails its test file; Nest's default would end the whole run.
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    return worker;
  });
}

/** Polls until `probe` answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

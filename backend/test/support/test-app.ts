import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { asAppWork, serveAsAppWork } from './app-scope';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The real HTTP app on the run's throwaway storage, driven in-process with supertest. */
export async function startTestApp(overrides: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    SPA_DIR: '/nonexistent',
    // Tests sign up many users from one address; the limits have a test of their own.
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_WRITES: '10000',
    ...overrides,
  });
  const app = await asAppWork(async () => {
    const created = await createApp(config);
    await created.init();
    return created;
  });
  serveAsAppWork(app.getHttpServer());
  return {
    app,
    config,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}

const FRONTEND = join(__dirname, '..', '..', '..', 'frontend');

/**
 * The app as `make run` serves it: the real frontend build (`frontend/dist`) and server
 * rendering on (`frontend/dist-server`), so the SPA's middleware stands in front of every route.
 */
export function startFullTestApp(overrides: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const spaDir = join(FRONTEND, 'dist');
  const pageRenderer = join(FRONTEND, 'dist-server', 'entry-server.cjs');
  if (!existsSync(join(spaDir, 'index.html')) || !existsSync(pageRenderer)) {
    throw new Error('The frontend is not built: run `make build` first.');
  }
  return startTestApp({
    SPA_DIR: spaDir,
    PAGE_RENDERER: pageRenderer,
    SERVER_RENDERING: 'on',
    ...overrides,
  });
}

/**
 * One app for the `describe` block it is called in: started before its tests, closed after them.
 * The answer stands for that app (`testApp.http()`, `testApp.config`…) once it has started.
 */
export function useTestApp(start: () => Promise<TestApp> = () => startTestApp()): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  const current = (): TestApp => {
    if (!started) throw new Error('The test app is used before it started (outside a test).');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    http: () => current().http(),
    close: () => current().close(),
  };
}

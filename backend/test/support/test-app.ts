import { existsSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { asAppWork, serveAsAppWork } from './app-scope';
import { startTestMail, type MailCatcher } from './mail';
import { startTestWorker } from './test-worker';

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
    // Their new accounts review from one address: no burst of reviews, unless a test sets it
    // (review-bursts.int-spec.ts).
    BURST_MIN_REVIEWS: '10000',
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

export interface TestAppOptions {
  /**
   * Environment over the test defaults. A function is read as the app starts, after the block's
   * earlier `beforeAll` hooks (one that starts a server the app is pointed at, say).
   */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** The app as `make run` serves it (`startFullTestApp`). */
  full?: boolean;
  /** A mail catcher the app sends through (its SMTP_URL): `testApp.mail`. */
  mail?: boolean;
  /** The real worker beside the app, on the app's configuration: `testApp.worker`. */
  worker?: boolean;
}

export interface UsedTestApp extends TestApp {
  /** The mail catcher, with `mail: true`. */
  readonly mail: MailCatcher;
  /** The worker, with `worker: true`. */
  readonly worker: INestApplicationContext;
}

interface Started {
  testApp: TestApp;
  mail?: MailCatcher;
  worker?: INestApplicationContext;
}

/**
 * One app for the `describe` block it is called in, with what `options` asks beside it: started
 * before its tests, closed after them (worker, app, then mail catcher). The answer stands for
 * that app (`testApp.http()`, `testApp.config`, `testApp.mail`…) once it has started.
 */
export function useTestApp(options: TestAppOptions = {}): UsedTestApp {
  let started: Started | undefined;
  beforeAll(async () => {
    const mail = options.mail ? await startTestMail() : undefined;
    const env = {
      ...(mail && { SMTP_URL: mail.smtpUrl }),
      ...(typeof options.env === 'function' ? options.env() : options.env),
    };
    const testApp = await (options.full ? startFullTestApp(env) : startTestApp(env));
    started = { testApp, mail };
    if (options.worker) started.worker = await startTestWorker(testApp.config);
  });
  afterAll(async () => {
    await started?.worker?.close();
    await started?.testApp.close();
    await started?.mail?.stop();
  });
  const current = (): Started => {
    if (!started) throw new Error('The test app is used before it started (outside a test).');
    return started;
  };
  const part = <T>(value: T | undefined, option: string): T => {
    if (value === undefined)
      throw new Error(`The test app was started without \`${option}: true\`.`);
    return value;
  };
  return {
    get app() {
      return current().testApp.app;
    },
    get config() {
      return current().testApp.config;
    },
    get mail() {
      return part(current().mail, 'mail');
    },
    get worker() {
      return part(current().worker, 'worker');
    },
    http: () => current().testApp.http(),
    close: () => current().testApp.close(),
  };
}

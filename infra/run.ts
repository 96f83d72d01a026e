/**
 * `make run`: storage (Redis, then FerretDB over PostgreSQL, unless configured), then the API and
 * the worker, all kept running by a supervisor (infra/supervisor.ts): one that exits, or stays
 * not ready for 15 s, is started again. Ctrl-C, or SIGINT/SIGTERM to the whole process group,
 * stops every process this started: the API and worker first (killed after a grace period), then
 * FerretDB, PostgreSQL and Redis, and only then does this exit.
 */
import {
  PROCESS_NEEDS,
  appEnv,
  seedDatabase,
  startAppProcesses,
  type AppProcesses,
} from './app-processes';
import { Supervisor } from './supervisor';
import { DEFAULT_ADMIN_EMAIL } from '../backend/src/config/admin-defaults';
import { devSettings, type DevSettings } from './dev-settings';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { loadOrCreateSecrets } from './secrets';
import { SetupError, startDevStorage, type Storage } from './storage';
import { displayPath } from './storage/paths';

let storage: Storage | undefined;
let app: AppProcesses | undefined;
let mail: MailCatcher | undefined;
let supervisor: Supervisor | undefined;
let stopping = false;

function banner(settings: DevSettings, env: NodeJS.ProcessEnv): string {
  const base = `http://127.0.0.1:${settings.appPort}`;
  const secrets = displayPath(settings.secretsFile);
  const password = process.env.ADMIN_PASSWORD
    ? 'password from ADMIN_PASSWORD'
    : `password in ${secrets}`;
  return [
    '',
    `Service Critic is running at ${base} (listening on ${settings.host})`,
    `  API docs:  ${base}/api/docs`,
    `  Health:    ${base}/api/health/ready (worker: http://127.0.0.1:${settings.workerHealthPort}/health/ready)`,
    `  Admin:     ${env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL}, ${password}`,
    `  Secrets:   ${secrets} (JWT_SECRET, ADMIN_PASSWORD; the environment's win)`,
    mail
      ? `  Mail:      ${mail.inboxUrl} (every e-mail the app sends is caught there; SMTP_URL sends for real)`
      : `  Mail:      sent through SMTP_URL`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

async function start(): Promise<void> {
  const settings = devSettings();
  const secrets = loadOrCreateSecrets(settings.secretsFile);
  storage = await startDevStorage(settings);
  if (stopping) return;
  if (!process.env.SMTP_URL) mail = await startDevMail(settings);
  const env = appEnv(storage, {
    ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: settings.host,
    // Links in e-mails and Google's callback name the port this run serves.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${settings.appPort}`,
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? secrets.ADMIN_PASSWORD,
    WORKER_HEALTH_PORT: String(settings.workerHealthPort),
  });
  console.log(await seedDatabase(env));
  if (stopping) return;
  app = await startAppProcesses(env, { port: settings.appPort, detached: true });
  if (stopping) return;
  supervisor = new Supervisor([...storage.processes, app.api, app.worker], {
    needs: PROCESS_NEEDS,
    log: console.log,
  });
  console.log(banner(settings, env));
}

/** Without SMTP_URL, mail goes to a local catcher with a web inbox. */
async function startDevMail(settings: DevSettings): Promise<MailCatcher> {
  try {
    return await startMailCatcher({ smtp: settings.mailSmtpPort, web: settings.mailWebPort });
  } catch (error) {
    throw new SetupError(
      `The local mail catcher could not listen on 127.0.0.1:${settings.mailSmtpPort} (SMTP) and :${settings.mailWebPort} (inbox): ${(error as Error).message}. Set MAIL_SMTP_PORT and MAIL_WEB_PORT, or SMTP_URL.`,
    );
  }
}

const starting = start();

/** Stops everything, once: whatever is still starting is waited for, then stopped. */
function stop(code: number, reason?: string): void {
  if (stopping) return;
  stopping = true;
  if (reason) console.log(reason);
  void (async () => {
    await starting.catch(() => undefined);
    if (supervisor) {
      await supervisor.stop();
    } else {
      await app?.stop();
      await storage?.stop();
    }
    await mail?.stop();
    process.exit(code);
  })();
}

/**
 * Repeated signals (a second Ctrl-C, or a wrapper relaying the group's signal) change nothing:
 * exiting now would leave storage running. The API and worker are killed after 10 s anyway.
 */
function onSignal(): void {
  if (stopping)
    console.log('Still stopping (the API and worker are killed after 10 s), please wait.');
  else stop(0, '\nStopping Service Critic…');
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

starting.catch((error: unknown) => {
  console.error(error instanceof SetupError ? error.message : error);
  stop(1);
});

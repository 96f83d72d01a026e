/**
 * `make run`: storage (Redis, then FerretDB over PostgreSQL, unless configured), then the API and
 * the worker. Ctrl-C, or SIGINT/SIGTERM to the whole process group, stops every process this
 * started: the API and worker first (killed after a grace period), then FerretDB, PostgreSQL and
 * Redis, and only then does this exit.
 */
import { appEnv, seedDatabase, startAppProcesses, type AppProcesses } from './app-processes';
import { DEFAULT_ADMIN_EMAIL } from '../backend/src/users/admin-defaults';
import { devSettings, type DevSettings } from './dev-settings';
import { loadOrCreateSecrets } from './secrets';
import { SetupError, startDevStorage, type Storage } from './storage';
import { displayPath } from './storage/paths';

let storage: Storage | undefined;
let app: AppProcesses | undefined;
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
    `  Health:    ${base}/api/health`,
    `  Admin:     ${env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL}, ${password}`,
    `  Secrets:   ${secrets} (JWT_SECRET, ADMIN_PASSWORD; the environment's win)`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}

async function start(): Promise<void> {
  const settings = devSettings();
  const secrets = loadOrCreateSecrets(settings.secretsFile);
  storage = await startDevStorage(settings);
  if (stopping) return;
  const env = appEnv(storage, {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: settings.host,
    JWT_SECRET: process.env.JWT_SECRET ?? secrets.JWT_SECRET,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? secrets.ADMIN_PASSWORD,
  });
  console.log(await seedDatabase(env));
  if (stopping) return;
  app = await startAppProcesses(env, { port: settings.appPort, detached: true });
  for (const managed of [app.api, app.worker]) {
    managed.child.once('exit', (code, signal) =>
      stop(1, `The ${managed.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`),
    );
  }
  if (!stopping) console.log(banner(settings, env));
}

const starting = start();

/** Stops everything, once: whatever is still starting is waited for, then stopped. */
function stop(code: number, reason?: string): void {
  if (stopping) return;
  stopping = true;
  if (reason) console.log(reason);
  void (async () => {
    await starting.catch(() => undefined);
    await app?.stop();
    await storage?.stop();
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

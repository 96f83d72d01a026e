/**
 * `make run`: storage (FerretDB and Redis unless configured), then the API and the worker.
 * Ctrl-C stops every process this started.
 */
import { appEnv, seedDatabase, startAppProcesses } from './app-processes';
import { DEFAULT_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../backend/src/users/admin-defaults';
import { SetupError, startDevStorage, type Storage } from './storage';

/** The seeded admin's login, as `make run` prints it (the password only when it is the default). */
function adminLogin(env: NodeJS.ProcessEnv): string {
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const password = env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : DEV_ADMIN_PASSWORD;
  return `${email} / ${password}`;
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  let storage: Storage | undefined;
  let stopApp: (() => Promise<void>) | undefined;
  let stopping = false;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Service Critic…');
    await stopApp?.();
    await storage?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    storage = await startDevStorage();
    const env = appEnv(storage, { NODE_ENV: process.env.NODE_ENV ?? 'development' });
    console.log(await seedDatabase(env));
    const app = await startAppProcesses(env, { port });
    stopApp = app.stop;
    for (const managed of [app.api, app.worker]) {
      managed.child.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(
          `The ${managed.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`,
        );
        void shutdown(1);
      });
    }
    console.log(
      [
        '',
        `Service Critic is running at http://127.0.0.1:${port}`,
        `  API docs:  http://127.0.0.1:${port}/api/docs`,
        `  Health:    http://127.0.0.1:${port}/api/health`,
        `  Admin:     ${adminLogin(env)}`,
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    await shutdown(1);
  }
}

void main();

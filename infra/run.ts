/**
 * `make run`: storage (FerretDB and Redis unless configured), then the API and the worker.
 * Ctrl-C stops every process this started.
 */
import { startAppProcesses, appEnv } from './app-processes';
import { SetupError, startDevStorage, type Storage } from './storage';

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

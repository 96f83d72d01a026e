/**
 * The browser end-to-end suite: throwaway storage, the built API and worker on a free port,
 * then Playwright in Debian's Chromium against it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { appEnv, seedDatabase, startAppProcesses, type AppProcesses } from './app-processes';
import { ensureChromium } from './browser';
import { SetupError, startTestStorage, type Storage } from './storage';
import { freePort } from './storage/processes';
import { repoRoot } from './storage/paths';

function runPlaywright(baseUrl: string, chromium: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      cwd: join(repoRoot, 'frontend'),
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  let storage: Storage | undefined;
  let app: AppProcesses | undefined;
  try {
    const chromium = await ensureChromium();
    storage = await startTestStorage();
    // The suite signs up many users from one address; the limits have tests of their own.
    const env = appEnv(storage, { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH: '1000' });
    await seedDatabase(env);
    app = await startAppProcesses(env, { port: await freePort() });
    return await runPlaywright(app.baseUrl, chromium);
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    return 1;
  } finally {
    await app?.stop();
    await storage?.stop();
  }
}

void main().then((code) => process.exit(code));

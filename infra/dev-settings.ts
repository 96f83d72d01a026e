import { resolve, join } from 'node:path';
import { SetupError } from './storage/processes';
import { repoRoot } from './storage/paths';
import type { DevStorageSettings } from './storage';

/** What `make run` reads from the environment besides the app's own configuration. */
export interface DevSettings extends DevStorageSettings {
  appPort: number;
  /** The address the API listens on: loopback unless HOST says otherwise. */
  host: string;
  secretsFile: string;
  /** Where the worker answers its health (WORKER_HEALTH_PORT). */
  workerHealthPort: number;
  /** The local mail catcher's SMTP and web inbox ports (used when SMTP_URL is unset). */
  mailSmtpPort: number;
  mailWebPort: number;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 65535) {
    throw new SetupError(`${name} must be a port number from 1 to 65535 (got "${value}").`);
  }
  return number;
}

export function devSettings(env: NodeJS.ProcessEnv = process.env): DevSettings {
  const dataDir = resolve(env.DATA_DIR || join(repoRoot, '.data'));
  return {
    dataDir,
    appPort: port(env, 'PORT', 3000),
    workerHealthPort: port(env, 'WORKER_HEALTH_PORT', 3001),
    host: env.HOST || '127.0.0.1',
    ferretdbPort: port(env, 'FERRETDB_PORT', 27027),
    postgresPort: port(env, 'POSTGRES_PORT', 27432),
    redisPort: port(env, 'REDIS_PORT', 6380),
    secretsFile: join(dataDir, 'secrets.json'),
    mailSmtpPort: port(env, 'MAIL_SMTP_PORT', 1025),
    mailWebPort: port(env, 'MAIL_WEB_PORT', 1080),
  };
}

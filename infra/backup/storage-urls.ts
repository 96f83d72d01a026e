import { devSettings } from '../dev-settings';

export interface BackupTarget {
  mongoUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

/** MONGO_URL / REDIS_URL / REDIS_PREFIX when set; otherwise the storage `make run` serves. */
export function backupTarget(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  const settings = devSettings(env);
  return {
    mongoUrl: env.MONGO_URL ?? `mongodb://127.0.0.1:${settings.ferretdbPort}/service-critic`,
    redisUrl: env.REDIS_URL ?? `redis://127.0.0.1:${settings.redisPort}`,
    redisPrefix: env.REDIS_PREFIX ?? 'sc',
  };
}

import { loadConfig, type AppConfig } from '../../../src/config/app-config';

/** The app's configuration from its defaults, with `env` over them (no server is reached). */
export function testConfig(env: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    MONGO_URL: 'mongodb://127.0.0.1:27017/unit',
    REDIS_URL: 'redis://127.0.0.1:6379',
    ...env,
  });
}

import 'reflect-metadata';
import { loadConfig, type AppConfig } from './config/app-config';
import { createApp } from './create-app';
import { assertRedisReachable } from './infrastructure/redis.module';
import { ReviewTimelinesRebuild } from './reviews/store/review-timelines-rebuild';
import { runEntryPoint } from './infrastructure/startup-error';
import { closeGracefullyOnSignals } from './infrastructure/graceful-shutdown';

let config: AppConfig | undefined;

runEntryPoint(
  async () => {
    config = loadConfig();
    await assertRedisReachable(config);
    const app = await createApp(config);
    await app.listen(config.port, config.host);
    // Requests in flight get their own deadline; the connections they hold, a second more.
    closeGracefullyOnSignals(app, config.limits.requestTimeoutMs + 1000);
    process.stdout.write(`Service Critic API listening on ${config.host}:${config.port}\n`);
    app.get(ReviewTimelinesRebuild).watchInBackground();
  },
  () => config?.mongoUrl,
);

import { ConfigError } from '../config/app-config';
import { RedisUnreachableError, redactUrl } from './redis.module';

/**
 * One sentence saying why the process could not start, for errors a person can fix.
 * `portVariable` names the setting of the port the process listens on.
 */
export function describeStartupError(
  error: unknown,
  mongoUrl?: string,
  portVariable = 'PORT',
): string | undefined {
  if (error instanceof ConfigError || error instanceof RedisUnreachableError) return error.message;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (/Mongo/.test(name) || /MongooseServerSelectionError/.test(name)) {
    const where = mongoUrl ? ` at ${redactUrl(mongoUrl)}` : '';
    return `Cannot reach MongoDB${where} (MONGO_URL): ${message.split('\n')[0].replace(/\.$/, '')}.`;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `The port is already in use (${message}); set ${portVariable} to a free port.`;
  if (code === 'EACCES')
    return `Not allowed to listen there (${message}); set ${portVariable} above 1023.`;
  return undefined;
}

/** Runs a process entry point; known start-up problems print one sentence instead of a stack. */
export function runEntryPoint(
  start: () => Promise<void>,
  mongoUrl: () => string | undefined,
  portVariable?: string,
): void {
  start().catch((error: unknown) => {
    const sentence = describeStartupError(error, mongoUrl(), portVariable);
    process.stderr.write(`${sentence ?? (error instanceof Error ? error.stack : String(error))}\n`);
    process.exit(1);
  });
}

import type { PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';
import type { DomainEvent } from '../events/review-events';

/**
 * Runs an event's work with its id (and type) bound to every log line written meanwhile, as a
 * request's id is to the API's lines: nestjs-pino's loggers take their pino logger from this
 * store. `logger` is the process's (out of any request, the worker has no HTTP middleware).
 */
export function withEventLogs<T>(
  logger: PinoLogger,
  event: DomainEvent,
  work: () => Promise<T>,
): Promise<T> {
  const bound = logger.logger.child({ eventId: event.id, eventType: event.type });
  return storage.run(new Store(bound), work);
}

import { PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';
import type { DomainEvent } from '../events/review-events';

/**
 * Runs an event's work with its id (and type) bound to every log line written meanwhile, as a
 * request's id is to the API's lines: the nestjs-pino logger reads its logger from this store.
 */
export function withEventLogs<T>(event: DomainEvent, work: () => Promise<T>): Promise<T> {
  const root = PinoLogger.root as PinoLogger['logger'] | undefined;
  if (!root) return work();
  return storage.run(new Store(root.child({ eventId: event.id, eventType: event.type })), work);
}

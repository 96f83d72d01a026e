import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/**
 * Marks the work the app and the worker do, so that the query recorder can tell their database
 * calls from the test code's own (seeding, assertions). The mark is carried by AsyncLocalStorage:
 * start-up runs inside it, so every connection, timer and BullMQ loop created then (and so every
 * job the worker takes) inherits it; each HTTP request is run inside it as it arrives. A test
 * that reads or writes through a model directly runs outside it, whatever the model's origin.
 */
const appWork = new AsyncLocalStorage<true>();

export function asAppWork<T>(work: () => T): T {
  return appWork.run(true, work);
}

export function isAppWork(): boolean {
  return appWork.getStore() === true;
}

/** Runs each request the server answers as app work (supertest's requests start in the test). */
export function serveAsAppWork(server: Server): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    asAppWork(() => listeners.forEach((listener) => listener(req, res))),
  );
}

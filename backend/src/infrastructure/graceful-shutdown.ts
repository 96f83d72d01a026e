import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';

/** How often connections left idle by an answer are closed while draining. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and resolves once every request in flight is answered and its
 * connection closed (a keep-alive client's next request goes to another replica), or after
 * `graceMs`, when the connections still open are cut.
 */
export function drainHttpServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Closes the API in the order that loses nothing: first the HTTP server drains (the requests in
 * flight finish with every module still running), then the app closes (its shutdown hooks flush
 * the work those requests left, then the connections close). Nest's own shutdown hooks run the
 * app's hooks before they close the server, while requests are still in flight and new ones
 * still come in.
 */
export async function closeGracefully(app: INestApplication, graceMs: number): Promise<void> {
  await drainHttpServer(app.getHttpServer() as Server, graceMs);
  await app.close();
}

/** On SIGTERM or SIGINT: `closeGracefully`, then the process ends by the same signal. */
export function closeGracefullyOnSignals(app: INestApplication, graceMs: number): void {
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    void closeGracefully(app, graceMs).finally(() => {
      for (const each of signals) process.removeListener(each, onSignal);
      process.kill(process.pid, signal);
    });
  };
  for (const signal of signals) process.on(signal, onSignal);
}

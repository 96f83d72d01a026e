import type { INestApplication } from '@nestjs/common';
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully, drainHttpServer } from './graceful-shutdown';

interface Answer {
  status: number;
  body: string;
  connection?: string;
}

/** A server whose requests wait until the test lets them answer. */
function heldServer(events: string[] = []): {
  server: Server;
  arrived: Promise<void>;
  answer: () => void;
} {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((_req, res) => {
    arrive();
    res.on('finish', () => events.push('request answered'));
    void released.then(() => res.end('answered'));
  });
  // Far longer than the tests: a drain that waited for keep-alive connections to time out
  // would never end within them.
  server.keepAliveTimeout = 120_000;
  return { server, arrived, answer: release };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function get(port: number, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body, connection: res.headers.connection }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('drainHttpServer', () => {
  it('answers the request in flight, refuses new connections, and ends with a keep-alive client', async () => {
    const { server, arrived, answer } = heldServer();
    const port = await listen(server);
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(port, agent);
    await arrived;

    const drained = drainHttpServer(server, 60_000);
    await expect(get(port, new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    answer();
    await expect(inFlight).resolves.toMatchObject({ status: 200, body: 'answered' });
    await drained;
    expect(server.listening).toBe(false);
    agent.destroy();
  });

  it('cuts a request still running at the grace period', async () => {
    const { server, arrived } = heldServer();
    const port = await listen(server);
    const inFlight = get(port, new Agent());
    await arrived;

    await drainHttpServer(server, 200);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

describe('closeGracefully', () => {
  it('closes the app (its shutdown hooks) only once the request in flight is answered', async () => {
    const events: string[] = [];
    const { server, arrived, answer } = heldServer(events);
    const port = await listen(server);
    const app = {
      getHttpServer: () => server,
      close: jest.fn(() => {
        events.push('app closed');
        return Promise.resolve();
      }),
    } as unknown as INestApplication;
    const inFlight = get(port, new Agent());
    await arrived;

    const closed = closeGracefully(app, 60_000);
    answer();
    await expect(inFlight).resolves.toMatchObject({ body: 'answered' });
    await closed;
    expect(events).toEqual(['request answered', 'app closed']);
  });
});

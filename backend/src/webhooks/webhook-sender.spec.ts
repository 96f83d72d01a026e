import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook } from './webhook-sender';

describe('sending one webhook try', () => {
  let server: Server;
  let handler: RequestListener = (_request, response) => response.end();
  beforeAll(async () => {
    server = createServer((request, response) => handler(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const loopback = { allowLoopback: true, timeoutMs: 300 };

  it("answers the receiver's status, having sent the body and headers", async () => {
    let got = '';
    handler = (request, response) => {
      request.on('data', (chunk: Buffer) => (got += chunk.toString()));
      request.on('end', () => {
        response.statusCode = request.headers['webhook-id'] === 'msg_1' ? 202 : 400;
        response.end();
      });
    };
    const outcome = await sendWebhook(url(), '{"a":1}', { 'webhook-id': 'msg_1' }, loopback);
    expect(outcome).toMatchObject({ statusCode: 202 });
    expect(got).toBe('{"a":1}');
  });

  it('gives up on a receiver that does not answer in time', async () => {
    handler = () => undefined;
    const outcome = await sendWebhook(url(), '{}', {}, loopback);
    expect(outcome).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s.' });
  });

  it('gives up on an answer that drags on past the limit', async () => {
    handler = (_request, response) => {
      response.writeHead(200);
      response.write('slow');
    };
    const outcome = await sendWebhook(url(), '{}', {}, loopback);
    expect(outcome.statusCode).toBeNull();
  });

  it('never connects to a refused address', async () => {
    let reached = false;
    handler = (_request, response) => {
      reached = true;
      response.end();
    };
    const outcome = await sendWebhook(url(), '{}', {}, { allowLoopback: false, timeoutMs: 300 });
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/a loopback address/);
    expect(reached).toBe(false);
  });
});

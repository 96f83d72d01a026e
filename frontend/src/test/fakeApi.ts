import { vi } from 'vitest';

/** An answer of the fake API: a JSON body, its status and headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A recorded call: method, path with query, and the JSON body sent (if any). */
export interface FakeCall {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer);

/**
 * Stubs `fetch` with answers keyed by "METHOD /path" (query string ignored); anything else gets a
 * 404 JSON error. Returns the list of calls made, in order.
 */
export function stubApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const text = await input.text();
    const call: FakeCall = {
      method: input.method,
      url: new URL(input.url),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url.pathname}`];
    const answer: FakeAnswer = (typeof handler === 'function' ? handler(call) : handler) ?? {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', error: 'Not found in the fake API.' },
    };
    return Response.json(answer.body ?? {}, {
      status: answer.status ?? 200,
      headers: answer.headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The calls of one method and path. */
export const callsTo = (calls: FakeCall[], method: string, pathname: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === pathname);

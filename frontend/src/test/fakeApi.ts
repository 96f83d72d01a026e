import { stubApi as stubFetch, type ApiAnswer } from './stubApi';

/** An answer of the fake API given as data: a JSON body, its status and headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answered call: method, URL with query, and the JSON body sent (if any). */
export interface FakeCall {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer);

/**
 * `stubApi` with answers given as data (or made from the call), keyed by "METHOD /path"; any other
 * call gets stubApi's 404. Returns the answered calls, in order, with their bodies parsed.
 */
export function stubApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  const answerWith =
    (handler: Handler): ApiAnswer =>
    (request, body) => {
      const call: FakeCall = { method: request.method, url: new URL(request.url), body };
      calls.push(call);
      const answer = typeof handler === 'function' ? handler(call) : handler;
      return Response.json(answer.body ?? {}, {
        status: answer.status ?? 200,
        headers: answer.headers,
      });
    };
  stubFetch(
    Object.fromEntries(
      Object.entries(routes).map(([route, handler]) => [route, answerWith(handler)]),
    ),
  );
  return calls;
}

/** The answered calls of one method and path. */
export const callsTo = (calls: FakeCall[], method: string, pathname: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === pathname);

import { vi } from 'vitest';

/** Answers one API call; gets the request (its JSON body already read, when it has one). */
export type ApiAnswer = (request: Request, body: unknown) => Response | Promise<Response>;

/**
 * Stubs `fetch` with answers keyed by 'METHOD /api/path' (e.g. 'POST /api/auth/login'); any
 * other call answers 404 with the API's error shape. Returns the mock to inspect the calls.
 */
export function stubApi(answers: Record<string, ApiAnswer>) {
  const fetchMock = vi.fn(async (input: Request) => {
    const { pathname } = new URL(input.url);
    const answer = answers[`${input.method} ${pathname}`];
    if (!answer) return Response.json({ error: `No stub for ${pathname}` }, { status: 404 });
    const text = await input.clone().text();
    return answer(input, text ? (JSON.parse(text) as unknown) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests `fetchMock` got for 'METHOD /api/path'. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, route: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
}

/** Answers a list page: the items, with the whole list's size in X-Total-Count. */
export const pageOf =
  (items: unknown[], total = items.length): ApiAnswer =>
  () =>
    Response.json(items, { headers: { 'X-Total-Count': String(total) } });

/** Answers the API's error shape with its sentence for people. */
export const apiError =
  (status: number, error: string): ApiAnswer =>
  () =>
    Response.json({ statusCode: status, code: 'ERROR', error }, { status });

/** The query string of a request `fetchMock` got. */
export const searchParamsOf = (request: Request | undefined) =>
  new URL(request?.url ?? 'http://localhost').searchParams;

/** Answers the API's 400 for refused fields: each problem under `details`, as the validation pipe lists them. */
export const validationError =
  (...problems: { field: string; message: string }[]): ApiAnswer =>
  () =>
    Response.json(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: problems.map((problem) => problem.message).join('; '),
        details: problems,
      },
      { status: 400 },
    );

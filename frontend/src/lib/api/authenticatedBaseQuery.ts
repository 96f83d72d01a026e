import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { accessTokenReceived, sessionEnded, type SessionState } from '../sessionSlice';

/** What the store's thunks and queries get as `extra`. */
export interface StoreContext {
  /** Where the API is, when not on this page's own origin (the server rendering a page). */
  apiOrigin?: string;
}

type SessionRoot = { session: SessionState };
type FetchQuery = ReturnType<typeof fetchBaseQuery>;

const fetchQueries = new Map<string, FetchQuery>();

/** The fetch for one API origin: the page's own in the browser, the API's own on the server. */
function fetchQueryFor(origin: string): FetchQuery {
  let query = fetchQueries.get(origin);
  if (!query) {
    query = fetchBaseQuery({
      // Generated paths already start with /api; an absolute base also lets Request parse them.
      baseUrl: origin,
      credentials: 'include',
      prepareHeaders: (headers, { getState }) => {
        const token = (getState() as SessionRoot).session.accessToken;
        if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
        return headers;
      },
    });
    fetchQueries.set(origin, query);
  }
  return query;
}

const rawBaseQuery: FetchQuery = (args, api, extraOptions) => {
  const origin = (api.extra as StoreContext | undefined)?.apiOrigin ?? window.location.origin;
  return fetchQueryFor(origin)(args, api, extraOptions);
};

export const REFRESH_URL = '/api/auth/refresh';

/** One refresh in flight at a time: concurrent 401s all wait for the same cookie round trip. */
let refreshing: Promise<boolean> | null = null;

type Api = Parameters<BaseQueryFn>[1];

async function refreshSession(api: Api): Promise<boolean> {
  const result = await rawBaseQuery({ url: REFRESH_URL, method: 'POST' }, api, {});
  const token = (result.data as { accessToken?: string } | undefined)?.accessToken;
  if (token) {
    api.dispatch(accessTokenReceived(token));
    return true;
  }
  api.dispatch(sessionEnded());
  return false;
}

export function refreshOnce(api: Api): Promise<boolean> {
  refreshing ??= refreshSession(api).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Sends the in-memory bearer token; on a 401 refreshes the session once and retries. */
export const authenticatedBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || url === REFRESH_URL) return result;
  return (await refreshOnce(api)) ? rawBaseQuery(args, api, extraOptions) : result;
};

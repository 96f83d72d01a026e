import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { accessTokenReceived, sessionEnded, type SessionState } from './sessionSlice';

type SessionRoot = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  // Generated paths already start with /api; an absolute base also lets Request parse them in tests.
  baseUrl: window.location.origin,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as SessionRoot).session.accessToken;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

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

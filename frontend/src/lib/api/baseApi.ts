import { createApi, retry } from '@reduxjs/toolkit/query/react';
import { serverStateHydrated } from '../serverState';
import { authenticatedBaseQuery } from './authenticatedBaseQuery';
import { withIdempotencyKey } from './idempotencyKey';
import { shouldRetryRequest, waitBeforeRetry } from './retryPolicy';

/** Product limit: cached data is kept 5 minutes after its last subscriber leaves. */
const CACHE_SECONDS = 300;

const retried = retry(authenticatedBaseQuery, {
  retryCondition: shouldRetryRequest,
  backoff: waitBeforeRetry,
});

/** Each call is one submit: its key is made here, outside the retries, which all send it. */
const baseQuery: typeof retried = (args, api, extraOptions) =>
  retried(api.type === 'mutation' ? withIdempotencyKey(args) : args, api, extraOptions);

/**
 * The one RTK Query API of the SPA. Endpoints are injected into it by the client generated from
 * the backend's OpenAPI document; the tags let mutations invalidate the lists they change.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: CACHE_SECONDS,
  // A server-rendered page brings the answers it was rendered with: the browser reuses them.
  // (Cast: the slice's type names the endpoints, which are injected after this.)
  extractRehydrationInfo: (action) =>
    serverStateHydrated.match(action) ? (action.payload as never) : undefined,
  endpoints: () => ({}),
});

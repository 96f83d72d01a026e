import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api';

export type { components, operations, paths } from './api';
/** The API's answers and bodies by name, e.g. `Schemas['ReviewDto']`. */
export type Schemas = components['schemas'];
export type ServiceCriticClient = Client<paths>;

export interface ClientOptions {
  /** The site's address, e.g. `https://reviews.example`; the paths start with `/api`. */
  baseUrl: string;
  /** A personal API token (`sc_pat_…`) or an access token, sent as `Authorization: Bearer`. */
  token?: string;
  /** Another fetch (a test's, a proxy's); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

/** A client whose paths, parameters, bodies and answers are typed by the OpenAPI document. */
export function createServiceCriticClient({
  baseUrl,
  token,
  fetch,
}: ClientOptions): ServiceCriticClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(fetch ? { fetch } : {}),
  });
}

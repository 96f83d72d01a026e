/** A query started with `store.dispatch(endpoint.initiate(arg))`. */
interface StartedQuery<T> {
  unwrap(): Promise<T>;
  unsubscribe(): void;
}

/**
 * Route loaders use this to have data in the store before the page renders (spec: the service
 * and the blog list "load before rendering"). The page's own hook then reads it from the cache,
 * which keeps it 5 minutes after the last subscriber.
 */
export async function preload<T>(query: StartedQuery<T>): Promise<T> {
  try {
    return await query.unwrap();
  } finally {
    query.unsubscribe();
  }
}

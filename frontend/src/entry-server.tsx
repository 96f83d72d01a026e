/**
 * Renders a public page on the server, for visitors without a session: the HTML comes with its
 * text, images and styles, so the browser paints it before any script has run, and the browser
 * app then hydrates it from the same state (main.tsx). Built by `vite build --ssr` into
 * dist-server/; the backend's spa/server-rendering.ts calls `renderPage`.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { api } from './lib/api/client';
import { sessionEnded } from './lib/sessionSlice';
import { AppRoot } from './app/AppRoot';
import type { PageRequest, RenderedPage } from './lib/pageContract';
import { appRoutes, isPublicPage } from './app/router';
import { isMissingService } from './app/routes/ServiceRouteError';
import { pageMetaOf, structuredDataOf } from './app/pageMeta';
import { HERO_IMAGE } from './features/home/slides';
import { scriptJson } from './lib/scriptJson';
import { serializeServerState } from './lib/serverState';
import { setupStore } from './lib/store';

export type { PageRequest, RenderedPage };

async function toHtml(element: ReactNode): Promise<string> {
  // Every Suspense boundary inline, however large: the page's CSP allows no inline scripts, which
  // React would otherwise use to move the later parts into place.
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The page at `url`, or null when the browser app should render it alone: pages for signed-in
 * users or with forms, redirects, and pages whose data failed to load.
 */
export async function renderPage({
  url,
  apiOrigin,
  colorMode,
  publicOrigin,
}: PageRequest): Promise<RenderedPage | null> {
  const store = setupStore({ colorMode: { mode: colorMode } }, { apiOrigin });
  store.dispatch(sessionEnded());
  try {
    const handler = createStaticHandler(appRoutes(store));
    const context = await handler.query(new Request(new URL(url, apiOrigin)));
    if (context instanceof Response || !isPublicPage(context.matches)) return null;
    // An unknown service is a page of its own (a 404): any other loader error is not rendered here.
    const missing =
      context.errors !== null && Object.values(context.errors).every(isMissingService);
    if (context.errors && !missing) return null;
    // Loaders may start queries they do not wait for; the page is rendered with their answers.
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    // The browser would not start from a failed answer, and its page would differ.
    const answers = Object.values(store.getState().api.queries);
    if (!missing && answers.some((answer) => answer?.status === QueryStatus.rejected)) return null;

    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    const html = await toHtml(
      <CacheProvider value={cache}>
        <AppRoot store={store}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppRoot>
      </CacheProvider>,
    );
    // The catch-all route is the 404 page: said with the status too, for search engines.
    const notFound = missing || context.matches.at(-1)?.route.path === '*';
    const matches = context.matches.map(({ route }) => ({
      handle: route.handle,
      data: context.loaderData[route.id] as unknown,
    }));
    const { title, description, image = HERO_IMAGE } = pageMetaOf(matches);
    // The canonical address: the page without its query (list filters, paging, tracking).
    const pageUrl = new URL(new URL(url, publicOrigin).pathname, publicOrigin).href;
    const structuredData = structuredDataOf(matches, store.getState(), pageUrl);
    return {
      status: notFound ? 404 : context.statusCode,
      title,
      description,
      url: pageUrl,
      image: new URL(image, pageUrl).href,
      structuredData: structuredData && scriptJson(structuredData),
      head: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
      html,
      state: serializeServerState({
        colorMode,
        api: store.getState().api,
        router: {
          loaderData: context.loaderData,
          actionData: context.actionData,
          errors: context.errors,
        },
      }),
    };
  } finally {
    // Clears the cache's removal timers, which would otherwise keep each store for 5 minutes.
    store.dispatch(api.util.resetApiState());
  }
}

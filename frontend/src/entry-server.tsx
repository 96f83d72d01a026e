/**
 * Renders a public page on the server, for visitors without a session: the HTML comes with its
 * text, images and styles, so the browser paints it before any script has run, and the browser
 * app then hydrates it from the same state (main.tsx). Built by `vite build --ssr` into
 * dist-server/; the backend's spa/server-rendering.ts calls `renderPage`, and `renderShell` when
 * the page's data is late.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { api } from './lib/api/client';
import { sessionEnded } from './lib/sessionSlice';
import { AppRoot } from './app/AppRoot';
import type { PageRequest, RenderedPage } from './lib/pageContract';
import { appRoutes, isPublicPage } from './app/router';
import { isMissingItem } from './app/routes/MissingItemError';
import { canonicalPathOf, pageMetaOf, pendingPageMetaOf, structuredDataOf } from './app/pageMeta';
import { HERO_IMAGE } from './features/home/slides';
import { scriptJson } from './lib/scriptJson';
import { serializeServerState } from './lib/serverState';
import { setupStore, type AppStore } from './lib/store';

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

/** The HTML of the page a static handler's `context` describes, and the styles it uses. */
async function renderRouted(
  store: AppStore,
  handler: StaticHandler,
  context: StaticHandlerContext,
): Promise<Pick<RenderedPage, 'html' | 'head'>> {
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
  return {
    html,
    head: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
  };
}

/** Runs `render` with a visitor's store, cleared after. */
async function withVisitorStore<T>(
  { apiOrigin, colorMode }: PageRequest,
  render: (store: AppStore) => Promise<T>,
): Promise<T> {
  const store = setupStore({ colorMode: { mode: colorMode } }, { apiOrigin });
  store.dispatch(sessionEnded());
  try {
    return await render(store);
  } finally {
    // Clears the cache's removal timers, which would otherwise keep each store for 5 minutes.
    store.dispatch(api.util.resetApiState());
  }
}

/** What a rendered page says about itself besides its markup. */
function pageFacts(
  { url, colorMode, publicOrigin }: PageRequest,
  store: AppStore,
  context: StaticHandlerContext,
  metaOf: typeof pageMetaOf,
  status: number,
): Omit<RenderedPage, 'html' | 'head'> {
  const matches = context.matches.map(({ route }) => ({
    handle: route.handle,
    data: context.loaderData[route.id] as unknown,
  }));
  const { title, description, image = HERO_IMAGE } = metaOf(matches);
  // The canonical address: the page without its query (list filters, paging, tracking), unless
  // its query makes the page.
  const pageUrl = new URL(canonicalPathOf(matches, new URL(url, publicOrigin)), publicOrigin).href;
  const structuredData = structuredDataOf(matches, store.getState(), pageUrl);
  return {
    status,
    title,
    description,
    url: pageUrl,
    image: new URL(image, pageUrl).href,
    structuredData: structuredData && scriptJson(structuredData),
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
}

/**
 * The page at `url`, or null when the browser app should render it alone: pages for signed-in
 * users or with forms, redirects, and pages whose data failed to load.
 */
export function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  return withVisitorStore(request, async (store) => {
    const handler = createStaticHandler(appRoutes(store));
    const context = await handler.query(new Request(new URL(request.url, request.apiOrigin)));
    if (context instanceof Response || !isPublicPage(context.matches)) return null;
    // An unknown service or review is a page of its own (a 404): any other loader error is not
    // rendered here.
    const missing = context.errors !== null && Object.values(context.errors).every(isMissingItem);
    if (context.errors && !missing) return null;
    // Loaders may start queries they do not wait for; the page is rendered with their answers.
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    // The browser would not start from a failed answer, and its page would differ.
    const answers = Object.values(store.getState().api.queries);
    if (!missing && answers.some((answer) => answer?.status === QueryStatus.rejected)) return null;

    const page = await renderRouted(store, handler, context);
    // The catch-all route is the 404 page: said with the status too, for search engines.
    const notFound = missing || context.matches.at(-1)?.route.path === '*';
    return {
      ...page,
      ...pageFacts(request, store, context, pageMetaOf, notFound ? 404 : context.statusCode),
    };
  });
}

/**
 * The page at `url` without its data, for when the data is late: the layout, and where the page
 * goes the loading state the browser app starts from too (the router's hydrate fallback, shown
 * for a route whose loader has not run). Pages without a loader come whole. Null for the pages
 * renderPage declines.
 */
export function renderShell(request: PageRequest): Promise<RenderedPage | null> {
  return withVisitorStore(request, async (store) => {
    const handler = createStaticHandler(appRoutes(store));
    // No loader runs; the pages' code is loaded, as the browser app loads it before hydrating.
    const context = await handler.query(new Request(new URL(request.url, request.apiOrigin)), {
      filterMatchesToLoad: ({ route }) => !route.loader,
    });
    if (context instanceof Response || !isPublicPage(context.matches)) return null;
    const page = await renderRouted(store, handler, context);
    return {
      ...page,
      ...pageFacts(request, store, context, pendingPageMetaOf, context.statusCode),
    };
  });
}

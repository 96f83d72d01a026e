import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { api } from '../lib/api/client';
import { sessionEnded } from '../lib/sessionSlice';
import { mightHaveSession } from '../auth/sessionHint';
import { AppRoot } from './AppRoot';
import { preferredColorMode } from '../lib/theme/colorModeSlice';
import { ShowThemedPage } from '../lib/theme/ShowThemedPage';
import { createAppRouter } from './router';
import { routerReady } from './routerReady';
import { readServerState, serverStateHydrated } from '../lib/serverState';
import { setupStore } from '../lib/store';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets the browser handle input and paint between the steps of start-up. */
const yieldToBrowser = () => delay(0);

/** How long a page the browser renders alone may stay blank waiting for its code and data. */
const FIRST_RENDER_WAIT_MS = 500;

/**
 * Starts the app on the page. Not top-level awaits: the pages' chunks import modules of this
 * one's, and would wait for this module while it waits for the first page's chunk.
 */
async function start() {
  // The app's modules have just been evaluated, in one task: the rest begins in another.
  await yieldToBrowser();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  // Set when the server rendered this page (for visitors without a session): start from its state.
  const serverState = readServerState();
  // Hydrated only in the theme it was rendered in. Switched to another theme while it hydrates,
  // parts of it kept the server's styles: React does not mend the class names of hydrated
  // elements, and its later renders believed them switched (light cards on a dark page). In
  // another theme, the page (hidden meanwhile by the server's theme guard) is rendered afresh.
  const hydrating = serverState?.colorMode === preferredColorMode();
  const store = setupStore(hydrating ? { colorMode: { mode: serverState.colorMode } } : undefined);
  if (serverState) store.dispatch(serverStateHydrated(serverState.api));
  // The refresh cookie outlives the page; the in-memory access token does not.
  if (mightHaveSession()) void store.dispatch(api.endpoints.refreshSession.initiate());
  else store.dispatch(sessionEnded());
  await yieldToBrowser();

  const router = await createAppRouter(store, serverState?.router);
  const app = (page: ReactNode) => <AppRoot store={store}>{page}</AppRoot>;
  // A page the server rendered is hydrated at once: a shell (its data was late) shows the
  // loading state the router starts from. A page the browser renders alone waits a moment for
  // its code and data (the layout with a spinner first would make the footer and the page jump
  // when the page arrives), but no longer: a slow API shows the layout and the loading state.
  if (!hydrating) await Promise.race([routerReady(router), delay(FIRST_RENDER_WAIT_MS)]);
  await yieldToBrowser();

  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it throughout.
  startTransition(() => {
    if (hydrating) {
      hydrateRoot(rootElement, app(<RouterProvider router={router} />));
    } else {
      createRoot(rootElement).render(
        app(
          <>
            <ShowThemedPage />
            <RouterProvider router={router} />
          </>,
        ),
      );
    }
  });
}

void start();

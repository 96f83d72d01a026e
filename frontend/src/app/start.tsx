import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { api } from '../lib/api/client';
import { sessionEnded } from '../lib/sessionSlice';
import { mightHaveSession } from '../auth/sessionHint';
import { AppRoot } from './AppRoot';
import { RestoreColorPreference } from '../lib/theme/RestoreColorPreference';
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
  const store = setupStore(
    serverState ? { colorMode: { mode: serverState.colorMode } } : undefined,
  );
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
  if (!serverState) await Promise.race([routerReady(router), delay(FIRST_RENDER_WAIT_MS)]);
  await yieldToBrowser();

  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it throughout.
  startTransition(() => {
    if (serverState) {
      hydrateRoot(
        rootElement,
        app(
          <>
            <RestoreColorPreference />
            <RouterProvider router={router} />
          </>,
        ),
      );
    } else {
      createRoot(rootElement).render(app(<RouterProvider router={router} />));
    }
  });
}

void start();

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { api } from './api/client';
import { AppThemeProvider } from './app/AppThemeProvider';
import { createAppRouter } from './app/router';
import { routerReady } from './app/routerReady';
import { setupStore } from './app/store';
import { mightHaveSession } from './auth/sessionHint';
import { sessionEnded } from './api/sessionSlice';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const store = setupStore();
// The refresh cookie outlives the page; the in-memory access token does not.
if (mightHaveSession()) void store.dispatch(api.endpoints.refreshSession.initiate());
else store.dispatch(sessionEnded());

const router = createAppRouter(store);
const root = createRoot(rootElement);
// The first paint waits for the first page's code and data: showing the layout with a spinner
// first would make the footer and the page jump when the page arrives. As a transition, the
// first render yields to the browser every few milliseconds instead of blocking it throughout.
void routerReady(router).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <AppThemeProvider>
            <RouterProvider router={router} />
          </AppThemeProvider>
        </Provider>
      </StrictMode>,
    ),
  ),
);

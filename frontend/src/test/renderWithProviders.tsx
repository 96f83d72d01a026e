import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router-dom';
import { vi } from 'vitest';
import { AppThemeProvider } from '../lib/theme/AppThemeProvider';
import { setupStore, type AppStore, type RootState } from '../lib/store';

interface ProviderOptions {
  preloadedState?: Partial<RootState>;
}

/** Renders `ui` with the app's theme and a store (a fresh one unless given), as main.tsx does. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = setupStore(preloadedState),
  }: ProviderOptions & { store?: AppStore } = {},
) {
  const result = render(
    <Provider store={store}>
      <AppThemeProvider>{ui}</AppThemeProvider>
    </Provider>,
  );
  return { store, ...result };
}

/**
 * Renders `routes` (or the routes made for the test's store) in memory at `path` (a URL, or a
 * location with state), with the providers.
 */
export function renderRoutes(
  routes: RouteObject[] | ((store: AppStore) => RouteObject[]),
  path: InitialEntry,
  { preloadedState }: ProviderOptions = {},
) {
  const store = setupStore(preloadedState);
  const router = createMemoryRouter(typeof routes === 'function' ? routes(store) : routes, {
    initialEntries: [path],
  });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { store }) };
}

/** Makes MUI's media queries see a phone-sized (360 px wide) screen. */
export function emulateNarrowScreen() {
  const narrowWidthPx = 360;
  const matches = (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    return maxWidth !== null && narrowWidthPx <= Number(maxWidth[1]);
  };
  const matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
  vi.stubGlobal('matchMedia', matchMedia);
}

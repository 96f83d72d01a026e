import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppThemeProvider } from '../lib/theme/AppThemeProvider';
import type { AppStore } from '../lib/store';

/** What wraps the router, the same in the browser and when the server renders a page. */
export function AppRoot({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </Provider>
    </StrictMode>
  );
}

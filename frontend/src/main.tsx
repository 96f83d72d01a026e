import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { api } from './api/client';
import { AppThemeProvider } from './app/AppThemeProvider';
import { createAppRouter } from './app/router';
import { setupStore } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const store = setupStore();
// The refresh cookie outlives the page; the in-memory access token does not.
void store.dispatch(api.endpoints.refreshSession.initiate());

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={store}>
      <AppThemeProvider>
        <RouterProvider router={createAppRouter(store)} />
      </AppThemeProvider>
    </Provider>
  </StrictMode>,
);

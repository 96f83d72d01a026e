import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { AppThemeProvider } from './app/AppThemeProvider';
import { createAppRouter } from './app/router';
import { setupStore } from './app/store';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={setupStore()}>
      <AppThemeProvider>
        <RouterProvider router={createAppRouter()} />
      </AppThemeProvider>
    </Provider>
  </StrictMode>,
);

import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { paths } from '../config/paths';
import { Layout } from './Layout';
import { RouteErrorPage } from './RouteErrorPage';
import type { AppStore } from './store';

/** A page in its own chunk, fetched when its route is first visited; the layout stays up meanwhile. */
function lazyPage(loadPage: () => Promise<ComponentType>) {
  return {
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: await loadPage() }),
  };
}

/** The app's routes; loaders read and fill `store` so data can load before a page renders. */
export const appRoutes = (_store: AppStore): RouteObject[] => [
  {
    path: paths.home.path,
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        ...lazyPage(async () => (await import('../features/home/HomePage')).HomePage),
      },
      {
        path: paths.login.path,
        ...lazyPage(async () => (await import('../features/auth/LoginPage')).LoginPage),
      },
      {
        path: paths.register.path,
        ...lazyPage(async () => (await import('../features/auth/RegisterPage')).RegisterPage),
      },
      {
        path: '*',
        ...lazyPage(async () => (await import('../features/not-found/NotFoundPage')).NotFoundPage),
      },
    ],
  },
];

export const createAppRouter = (store: AppStore) => createBrowserRouter(appRoutes(store));

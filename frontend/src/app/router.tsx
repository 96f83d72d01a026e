import { lazy, type ComponentType } from 'react';
import { preload as preloadResource } from 'react-dom';
import {
  createBrowserRouter,
  Outlet,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import { api } from '../lib/api/client';
import { RequireAdmin, RequireAuth } from '../auth/guards';
import { paths } from '../config/paths';
import { HERO_IMAGE } from '../features/home/slides';
import { firstServiceReviewsArg } from '../features/reviews/serviceReviewsQuery';
import { Layout } from '../components/layout/Layout';
import { preload } from './preload';
import { HomeRoute } from './routes/HomeRoute';
import { ServiceRouteError } from './routes/ServiceRouteError';
import { RouteErrorPage } from '../components/layout/RouteErrorPage';
import type { AppStore } from '../lib/store';

/**
 * A page in its own chunk, fetched when its route is first visited; the current page stays up
 * meanwhile (main.tsx renders the first page only once its chunk is in).
 */
function lazyPage(loadPage: () => Promise<ComponentType>) {
  return { lazy: async () => ({ Component: await loadPage() }) };
}

// Only signed-in visitors have notifications; nobody else downloads the bell and its menu.
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/NotificationBell')).NotificationBell,
}));

/**
 * Pages anyone may see, without a form: the server renders them for visitors (entry-server.tsx).
 * A form shown before the app has started would be sent by the browser itself, as a GET.
 */
const PUBLIC_PAGE = { public: true } as const;

/** Whether the page a match list ends in is public. */
export function isPublicPage(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return (matches.at(-1)?.route.handle as typeof PUBLIC_PAGE | undefined)?.public === true;
}

/** The app's routes; loaders read and fill `store` so data can load before a page renders. */
export const appRoutes = (store: AppStore): RouteObject[] => [
  {
    path: paths.home.path,
    element: <Layout signedInActions={<NotificationBell />} />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Most visits start at home: its code comes with the app, without a second round trip.
        index: true,
        handle: PUBLIC_PAGE,
        Component: HomeRoute,
        // Asked for at once rather than after the first render; the page does not wait for it.
        loader: () => {
          void store.dispatch(api.util.prefetch('getHomeServices', undefined, {}));
          preloadResource(HERO_IMAGE, { as: 'image', fetchPriority: 'high' });
          return null;
        },
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
        path: paths.forgotPassword.path,
        ...lazyPage(
          async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
        ),
      },
      {
        path: paths.resetPassword.path,
        ...lazyPage(
          async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
        ),
      },
      {
        path: paths.verifyEmail.path,
        ...lazyPage(async () => (await import('../features/auth/VerifyEmailPage')).VerifyEmailPage),
      },
      {
        path: paths.services.path,
        handle: PUBLIC_PAGE,
        ...lazyPage(async () => (await import('../features/services/ServicesPage')).ServicesPage),
      },
      {
        path: paths.service.path,
        handle: PUBLIC_PAGE,
        loader: async ({ params }) => {
          const id = params.id ?? '';
          // A visitor's reviews come with the page (a signed-in user's list also holds their
          // e-mail, so theirs waits for the session).
          const { user, loading } = store.getState().auth;
          if (!loading && !user) {
            void store.dispatch(api.util.prefetch('listReviews', firstServiceReviewsArg(id), {}));
          }
          const service = await preload(store.dispatch(api.endpoints.getService.initiate({ id })));
          // The page's largest paint: fetched now, while the page's code still loads and renders.
          preloadResource(service.image, { as: 'image', fetchPriority: 'high' });
          return service;
        },
        errorElement: <ServiceRouteError />,
        ...lazyPage(async () => (await import('./routes/ServiceRoute')).ServiceRoute),
      },
      {
        path: paths.blogs.path,
        handle: PUBLIC_PAGE,
        loader: () => preload(store.dispatch(api.endpoints.listBlogs.initiate({}))),
        ...lazyPage(async () => (await import('../features/blogs/BlogsPage')).BlogsPage),
      },
      {
        path: paths.profile.path,
        ...lazyPage(
          async () => (await import('../features/reviews/ReviewerProfilePage')).ReviewerProfilePage,
        ),
      },
      {
        path: paths.contacts.path,
        ...lazyPage(async () => (await import('../features/contacts/ContactsPage')).ContactsPage),
      },
      {
        path: paths.transparency.path,
        ...lazyPage(
          async () => (await import('../features/transparency/TransparencyPage')).TransparencyPage,
        ),
      },
      {
        path: paths.addServices.path,
        ...lazyPage(
          async () => (await import('../features/add-service/AddServicePage')).AddServicePage,
        ),
      },
      {
        path: paths.update.path,
        ...lazyPage(
          async () => (await import('../features/reviews/UpdateReviewPage')).UpdateReviewPage,
        ),
      },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            path: paths.account.path,
            ...lazyPage(async () => (await import('../features/account/AccountPage')).AccountPage),
          },
          {
            path: paths.myServices.path,
            ...lazyPage(
              async () => (await import('../features/services/MyServicesPage')).MyServicesPage,
            ),
          },
          {
            path: paths.myReviews.path,
            ...lazyPage(
              async () => (await import('../features/reviews/MyReviewsPage')).MyReviewsPage,
            ),
          },
          {
            path: paths.notifications.path,
            ...lazyPage(
              async () =>
                (await import('../features/notifications/NotificationsPage')).NotificationsPage,
            ),
          },
        ],
      },
      {
        element: (
          <RequireAdmin>
            <Outlet />
          </RequireAdmin>
        ),
        children: [
          {
            path: paths.allReviews.path,
            ...lazyPage(
              async () => (await import('../features/reviews/AllReviewsPage')).AllReviewsPage,
            ),
          },
          {
            path: paths.moderation.path,
            ...lazyPage(
              async () => (await import('../features/reviews/ModerationPage')).ModerationPage,
            ),
          },
          {
            path: paths.reportQueue.path,
            ...lazyPage(
              async () =>
                (await import('../features/reviews/trust/ReportsQueuePage')).ReportsQueuePage,
            ),
          },
          {
            path: paths.appealQueue.path,
            ...lazyPage(
              async () =>
                (await import('../features/reviews/trust/AppealsQueuePage')).AppealsQueuePage,
            ),
          },
          {
            path: paths.serviceScreening.path,
            ...lazyPage(
              async () =>
                (await import('../features/services/ServiceScreeningPage')).ServiceScreeningPage,
            ),
          },
          {
            path: paths.audit.path,
            ...lazyPage(async () => (await import('../features/admin/AuditPage')).AuditPage),
          },
        ],
      },
      {
        path: '*',
        handle: PUBLIC_PAGE,
        ...lazyPage(async () => (await import('../features/not-found/NotFoundPage')).NotFoundPage),
      },
    ],
  },
];

/** `hydrationData`: what the server rendered the page with, when it did. */
export const createAppRouter = (store: AppStore, hydrationData?: HydrationState) =>
  createBrowserRouter(appRoutes(store), { hydrationData });

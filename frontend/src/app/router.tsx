import { lazy, type ComponentType } from 'react';
import { preload as preloadResource } from 'react-dom';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import { api, type ReviewDto, type ServiceComparisonDto, type ServiceDto } from '../lib/api/client';
import { truncate } from '../components/truncate';
import { RequireAdmin, RequireAuth } from '../auth/guards';
import { paths } from '../config/paths';
import { HERO_IMAGE } from '../features/home/slides';
import { firstServiceReviewsArg } from '../features/reviews/serviceReviewsQuery';
import { reviewPageTitle } from '../features/reviews/reviewPageTitle';
import { filtersOf } from '../lib/reviewFiltersParam';
import { readServiceQuery, toListArg } from '../features/services/serviceQuery';
import { COMPARED_MIN, comparedIdsOf } from '../features/services/compare/compareIds';
import { namesInSentence } from '../features/services/compare/compareRows';
import { Layout } from '../components/layout/Layout';
import { DocumentMeta } from './DocumentMeta';
import {
  pageTitle,
  SITE_META,
  type PageMeta,
  type PageMetaSource,
  type StructuredDataSource,
} from './pageMeta';
import { serviceJsonLd } from './serviceJsonLd';
import { reviewJsonLd } from './reviewJsonLd';
import { preload } from './preload';
import { HomeRoute } from './routes/HomeRoute';
import { MissingItemError } from './routes/MissingItemError';
import { RouteErrorPage } from '../components/layout/RouteErrorPage';
import { RouteLoadError } from '../components/layout/RouteLoadError';
import { PendingPage } from '../components/layout/PendingPage';
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

/** Search engines show about this much of a description. */
const META_DESCRIPTION_LENGTH = 155;

/**
 * Pages anyone may see, without a form: the server renders them for visitors (entry-server.tsx).
 * A form shown before the app has started would be sent by the browser itself, as a GET.
 */
const publicPage = (meta: PageMetaSource, structuredData?: StructuredDataSource) =>
  ({ public: true, meta, structuredData }) as const;

/** A page only the browser renders (signed-in users' pages and forms). */
const browserPage = (meta: PageMetaSource) => ({ meta });

/** Whether the page a match list ends in is public. */
export function isPublicPage(matches: readonly { route: { handle?: unknown } }[]): boolean {
  return (matches.at(-1)?.route.handle as { public?: true } | undefined)?.public === true;
}

/** A service's page: its title, and the start of its description. */
function serviceMeta(data: unknown): PageMeta {
  const service = data as ServiceDto | undefined;
  if (!service)
    return { title: pageTitle('Service not found'), description: SITE_META.description };
  return {
    title: pageTitle(service.title),
    description: truncate(service.details, META_DESCRIPTION_LENGTH),
    image: service.image,
  };
}

/** A service's JSON-LD: its rating and the first page of its reviews, as the page shows them. */
const serviceStructuredData: StructuredDataSource = (data, state, pageUrl) => {
  const service = data as ServiceDto | undefined;
  if (!service) return null;
  const selectReviews = api.endpoints.listReviews.select(firstServiceReviewsArg(service._id));
  // The store's type knows the api slice only loosely; the selector wants its endpoints'.
  const reviews = selectReviews(state as unknown as Parameters<typeof selectReviews>[0]).data
    ?.items;
  return serviceJsonLd(service, reviews ?? [], pageUrl);
};

/** A comparison's page: the services it compares, by name. */
function compareMeta(data: unknown): PageMeta {
  const comparison = data as ServiceComparisonDto | null | undefined;
  if (!comparison) {
    return {
      title: pageTitle('Compare services'),
      description: 'Compare 2 to 4 delivery services side by side on Service Critic.',
    };
  }
  const names = namesInSentence(comparison.services.map((service) => service.title));
  return {
    title: pageTitle(`Compare ${names}`),
    description: truncate(
      `${names} side by side: score, reviews, stars, criteria, reply rate and verified customers.`,
      META_DESCRIPTION_LENGTH,
    ),
  };
}

/** A review's page: who reviewed what, and the start of the review. */
function reviewMeta(data: unknown): PageMeta {
  const review = data as ReviewDto | undefined;
  if (!review) return { title: pageTitle('Review not found'), description: SITE_META.description };
  return {
    title: pageTitle(reviewPageTitle(review)),
    description: review.removal
      ? `Removed by moderators: ${review.removal.reason}`
      : truncate(review.details, META_DESCRIPTION_LENGTH),
  };
}

/** A published review's JSON-LD; a take-down's notice has none. */
const reviewStructuredData: StructuredDataSource = (data, _state, pageUrl) => {
  const review = data as ReviewDto | undefined;
  return review && !review.removal ? reviewJsonLd(review, pageUrl) : null;
};

/** The app's routes; loaders read and fill `store` so data can load before a page renders. */
export const appRoutes = (store: AppStore): RouteObject[] => [
  {
    path: paths.home.path,
    element: (
      <>
        <DocumentMeta />
        <Layout signedInActions={<NotificationBell />} />
      </>
    ),
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Inside the layout: a page whose code or data is still on its way, or failed, keeps the
        // header, navigation and footer around it.
        HydrateFallback: PendingPage,
        errorElement: <RouteLoadError />,
        children: pageRoutes(store),
      },
    ],
  },
];

/** Every page, under the layout. */
const pageRoutes = (store: AppStore): RouteObject[] => [
  {
    // Most visits start at home: its code comes with the app, without a second round trip.
    index: true,
    handle: publicPage(SITE_META),
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
    handle: browserPage({
      title: pageTitle('Log In'),
      description:
        'Log in to Service Critic to write and manage your reviews of delivery services.',
    }),
    ...lazyPage(async () => (await import('../features/auth/LoginPage')).LoginPage),
  },
  {
    path: paths.register.path,
    handle: browserPage({
      title: pageTitle('Register'),
      description: 'Create a Service Critic account to review delivery and logistics services.',
    }),
    ...lazyPage(async () => (await import('../features/auth/RegisterPage')).RegisterPage),
  },
  {
    path: paths.forgotPassword.path,
    handle: browserPage({
      title: pageTitle('Forgot password'),
      description: 'Ask for a link to set a new password for your Service Critic account.',
    }),
    ...lazyPage(
      async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword.path,
    handle: browserPage({
      title: pageTitle('Reset password'),
      description: 'Choose a new password for your Service Critic account.',
    }),
    ...lazyPage(async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage),
  },
  {
    path: paths.invitation.path,
    handle: browserPage({
      title: pageTitle('Your invitation to review'),
      description: "A business's invitation to review its service on Service Critic.",
    }),
    ...lazyPage(
      async () => (await import('../features/invitations/InvitationPage')).InvitationPage,
    ),
  },
  {
    path: paths.verifyEmail.path,
    handle: browserPage({
      title: pageTitle('Verify e-mail'),
      description: 'Confirm the e-mail address of your Service Critic account.',
    }),
    ...lazyPage(async () => (await import('../features/auth/VerifyEmailPage')).VerifyEmailPage),
  },
  {
    path: paths.services.path,
    handle: publicPage({
      title: pageTitle('All Services'),
      description:
        'Every delivery and logistics service on Service Critic: search by name, filter by category or region, sort by rating or price.',
    }),
    // The page's list, asked for at once; the server renders the page with it.
    loader: ({ request }) => {
      const query = readServiceQuery(new URL(request.url).searchParams);
      void store.dispatch(api.util.prefetch('listServices', toListArg(query), {}));
      void store.dispatch(api.util.prefetch('listCategories', undefined, {}));
      return null;
    },
    ...lazyPage(async () => (await import('../features/services/ServicesPage')).ServicesPage),
  },
  {
    path: paths.service.path,
    handle: publicPage(serviceMeta, serviceStructuredData),
    loader: async ({ params, request }) => {
      const id = params.id ?? '';
      // A visitor's reviews come with the page, filtered as its address says (a signed-in
      // user's list also holds their e-mail, so theirs waits for the session).
      const { user, loading } = store.getState().auth;
      if (!loading && !user) {
        const filters = filtersOf(new URL(request.url).searchParams);
        void store.dispatch(
          api.util.prefetch('listReviews', firstServiceReviewsArg(id, filters), {}),
        );
      }
      // Its moderation figures too: in the server's page, and no fetch after the app starts.
      void store.dispatch(api.util.prefetch('getServiceTransparency', { id }, {}));
      // And its rating's trend, a plain SVG drawn in the server's page.
      void store.dispatch(api.util.prefetch('getServiceTrend', { id }, {}));
      const service = await preload(store.dispatch(api.endpoints.getService.initiate({ id })));
      // The page's largest paint: fetched now, while the page's code still loads and renders.
      preloadResource(service.image, { as: 'image', fetchPriority: 'high' });
      return service;
    },
    errorElement: (
      <MissingItemError
        title="Sorry, we couldn't find this service."
        href={paths.services.getHref()}
        linkLabel="See all services"
      />
    ),
    ...lazyPage(async () => (await import('./routes/ServiceRoute')).ServiceRoute),
  },
  {
    path: paths.compare.path,
    handle: {
      ...publicPage(compareMeta),
      // Shared and found by its services: its address names them.
      canonicalPath: (requested: URL) => {
        const ids = comparedIdsOf(requested.searchParams);
        return ids.length > 0 ? paths.compare.getHref(ids) : paths.compare.path;
      },
    },
    // The comparison, before the page renders (the server renders the page with it); an address
    // naming too few services, or one the API refuses, is the page's to explain.
    loader: async ({ request }) => {
      const ids = comparedIdsOf(new URL(request.url).searchParams);
      if (ids.length < COMPARED_MIN) return null;
      try {
        return await preload(store.dispatch(api.endpoints.compareServices.initiate({ ids })));
      } catch {
        return null;
      }
    },
    ...lazyPage(async () => (await import('../features/services/compare/ComparePage')).ComparePage),
  },
  {
    path: paths.review.path,
    handle: publicPage(reviewMeta, reviewStructuredData),
    loader: ({ params }) =>
      preload(store.dispatch(api.endpoints.getReview.initiate({ id: params.id ?? '' }))),
    errorElement: (
      <MissingItemError
        title="Sorry, we couldn't find this review."
        href={paths.services.getHref()}
        linkLabel="See all services"
      />
    ),
    ...lazyPage(async () => (await import('../features/reviews/ReviewPage')).ReviewPage),
  },
  {
    path: paths.blogs.path,
    handle: publicPage({
      title: pageTitle('Blogs'),
      description:
        'Articles from Service Critic about shipping, packing and choosing a delivery service.',
    }),
    loader: () => preload(store.dispatch(api.endpoints.listBlogs.initiate({}))),
    ...lazyPage(async () => (await import('../features/blogs/BlogsPage')).BlogsPage),
  },
  {
    path: paths.profile.path,
    handle: browserPage({
      title: pageTitle('Reviewer profile'),
      description:
        "A reviewer's public reviews of delivery and logistics services on Service Critic.",
    }),
    ...lazyPage(
      async () => (await import('../features/reviews/ReviewerProfilePage')).ReviewerProfilePage,
    ),
  },
  {
    path: paths.contacts.path,
    handle: browserPage({
      title: pageTitle('Become a Merchant'),
      description: 'Send the Service Critic team a message.',
    }),
    ...lazyPage(async () => (await import('../features/contacts/ContactsPage')).ContactsPage),
  },
  {
    path: paths.transparency.path,
    handle: browserPage({
      title: pageTitle('Transparency'),
      description:
        'How many reviews Service Critic published, held and removed, per service and per month.',
    }),
    ...lazyPage(
      async () => (await import('../features/transparency/TransparencyPage')).TransparencyPage,
    ),
  },
  {
    path: paths.about.path,
    handle: publicPage({
      title: pageTitle('About'),
      description: 'What Service Critic is, how its reviews are kept honest, and who runs it.',
    }),
    ...lazyPage(async () => (await import('../features/site-info/AboutPage')).AboutPage),
  },
  {
    path: paths.guidelines.path,
    handle: publicPage({
      title: pageTitle('Review Guidelines'),
      description:
        'What a review on Service Critic may say, what holds it for moderation, and how reports, decisions and appeals work.',
    }),
    ...lazyPage(async () => (await import('../features/site-info/GuidelinesPage')).GuidelinesPage),
  },
  {
    path: paths.privacy.path,
    handle: publicPage({
      title: pageTitle('Privacy'),
      description:
        'What Service Critic keeps about you, what others see, its cookies, and how to take or delete your data.',
    }),
    ...lazyPage(async () => (await import('../features/site-info/PrivacyPage')).PrivacyPage),
  },
  {
    path: paths.terms.path,
    handle: publicPage({
      title: pageTitle('Terms of Use'),
      description: 'The terms of using Service Critic and posting reviews on it.',
    }),
    ...lazyPage(async () => (await import('../features/site-info/TermsPage')).TermsPage),
  },
  {
    path: paths.addServices.path,
    handle: browserPage({
      title: pageTitle('Add Service'),
      description: 'Add a delivery or logistics service to Service Critic for people to review.',
    }),
    ...lazyPage(
      async () => (await import('../features/add-service/AddServicePage')).AddServicePage,
    ),
  },
  {
    path: paths.update.path,
    handle: browserPage({
      title: pageTitle('Update your review'),
      description: 'Change the stars, criteria and text of your review.',
    }),
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
        handle: browserPage({
          title: pageTitle('Your account'),
          description: 'Your Service Critic profile, e-mail, password, sessions and data.',
        }),
        ...lazyPage(async () => (await import('../features/account/AccountPage')).AccountPage),
      },
      {
        path: paths.myServices.path,
        handle: browserPage({
          title: pageTitle('Your services'),
          description: 'The services you added, and whether they are listed yet.',
        }),
        ...lazyPage(
          async () => (await import('../features/services/MyServicesPage')).MyServicesPage,
        ),
      },
      {
        path: paths.serviceInsights.path,
        handle: browserPage({
          title: pageTitle('Service insights'),
          description: 'Your service month by month: ratings, replies, reports and invitations.',
        }),
        // Its own chunk, with the chart library: no other page loads it.
        ...lazyPage(
          async () =>
            (await import('../features/insights/ServiceInsightsPage')).ServiceInsightsPage,
        ),
      },
      {
        path: paths.myReviews.path,
        handle: browserPage({
          title: pageTitle('My Reviews'),
          description: 'The reviews you wrote, with the services they are about and their status.',
        }),
        ...lazyPage(async () => (await import('../features/reviews/MyReviewsPage')).MyReviewsPage),
      },
      {
        path: paths.serviceClaim.path,
        handle: browserPage({
          title: pageTitle('Claim a service'),
          description:
            "Show that you run a service by its website's e-mail domain, and manage its page.",
        }),
        ...lazyPage(
          async () => (await import('../features/services/ServiceClaimPage')).ServiceClaimPage,
        ),
      },
      {
        path: paths.notifications.path,
        handle: browserPage({
          title: pageTitle('Notifications'),
          description: 'What happened to your reviews: approvals, holds and replies.',
        }),
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
        handle: browserPage({
          title: pageTitle('All Reviews'),
          description: 'Every review on Service Critic, for admins.',
        }),
        ...lazyPage(
          async () => (await import('../features/reviews/AllReviewsPage')).AllReviewsPage,
        ),
      },
      {
        path: paths.moderation.path,
        handle: browserPage({
          title: pageTitle('Moderation queue'),
          description: 'Reviews held for moderation, for admins to approve or reject.',
        }),
        ...lazyPage(
          async () => (await import('../features/reviews/ModerationPage')).ModerationPage,
        ),
      },
      {
        path: paths.reportQueue.path,
        handle: browserPage({
          title: pageTitle('Reported reviews'),
          description: 'Reviews readers reported, for admins to decide on.',
        }),
        ...lazyPage(
          async () => (await import('../features/reviews/trust/ReportsQueuePage')).ReportsQueuePage,
        ),
      },
      {
        path: paths.appealQueue.path,
        handle: browserPage({
          title: pageTitle('Appeals'),
          description: "Authors' appeals against moderation decisions, for admins.",
        }),
        ...lazyPage(
          async () => (await import('../features/reviews/trust/AppealsQueuePage')).AppealsQueuePage,
        ),
      },
      {
        path: paths.serviceScreening.path,
        handle: browserPage({
          title: pageTitle('Service screening'),
          description: 'New services waiting for an admin to screen them.',
        }),
        ...lazyPage(
          async () =>
            (await import('../features/services/ServiceScreeningPage')).ServiceScreeningPage,
        ),
      },
      {
        path: paths.claimQueue.path,
        handle: browserPage({
          title: pageTitle('Claims of services'),
          description: 'Claims of services confirmed by e-mail, for admins to approve or reject.',
        }),
        ...lazyPage(
          async () => (await import('../features/services/ClaimQueuePage')).ClaimQueuePage,
        ),
      },
      {
        path: paths.serviceAlerts.path,
        handle: browserPage({
          title: pageTitle('Bursts of reviews'),
          description: 'Services with an unusual burst of reviews, whose new reviews are held.',
        }),
        ...lazyPage(
          async () => (await import('../features/services/ServiceAlertsPage')).ServiceAlertsPage,
        ),
      },
      {
        path: paths.audit.path,
        handle: browserPage({
          title: pageTitle('Audit trail'),
          description: 'What admins and the moderation did, before and after each change.',
        }),
        ...lazyPage(async () => (await import('../features/admin/AuditPage')).AuditPage),
      },
    ],
  },
  {
    path: '*',
    handle: publicPage({
      title: pageTitle('Page not found'),
      description: SITE_META.description,
    }),
    ...lazyPage(async () => (await import('../features/not-found/NotFoundPage')).NotFoundPage),
  },
];

/**
 * `hydrationData`: what the server rendered the page with, when it did. The page's lazy routes
 * are then loaded first: the router would otherwise run their loaders again at its start, over
 * the server's data (React Router's advice for hydrating lazy routes).
 */
export async function createAppRouter(store: AppStore, hydrationData?: HydrationState) {
  const routes = appRoutes(store);
  if (hydrationData) {
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter(
      ({ route }) => route.lazy,
    );
    await Promise.all(
      lazyMatches.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { hydrationData });
}

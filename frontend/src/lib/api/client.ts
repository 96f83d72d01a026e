import type {
  DefinitionsFromApi,
  OverrideResultType,
  TagTypesFromApi,
} from '@reduxjs/toolkit/query';
import {
  api as generatedApi,
  type AuditEntryDto,
  type ListAuditEntriesApiResponse,
  type ListModerationQueueApiResponse,
  type ListMyReviewsApiResponse,
  type ListProfileReviewsApiResponse,
  type ListReviewsApiResponse,
  type ListServicesApiResponse,
  type ReviewDto,
  type ServiceDto,
} from './generated';
import { toPage, type Page } from './pagination';

// The hooks and types of the generated client; import them from here, never from './generated'.
export * from './generated';
export type { Page } from './pagination';

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type PagedLists =
  | 'listServices'
  | 'listReviews'
  | 'listMyReviews'
  | 'listProfileReviews'
  | 'listModerationQueue'
  | 'listAuditEntries';
/** The lists whose pages are shown with a page count answer `{ items, total }`. */
type Enhanced = Omit<Definitions, PagedLists> & {
  listServices: OverrideResultType<Definitions['listServices'], Page<ServiceDto>>;
  listReviews: OverrideResultType<Definitions['listReviews'], Page<ReviewDto>>;
  listMyReviews: OverrideResultType<Definitions['listMyReviews'], Page<ReviewDto>>;
  listProfileReviews: OverrideResultType<Definitions['listProfileReviews'], Page<ReviewDto>>;
  listModerationQueue: OverrideResultType<Definitions['listModerationQueue'], Page<ReviewDto>>;
  listAuditEntries: OverrideResultType<Definitions['listAuditEntries'], Page<AuditEntryDto>>;
};

/**
 * The generated client with tag wiring the OpenAPI tags cannot express: moderation decisions
 * change review lists, and signing in or out changes everything a user may see. Paged lists
 * also carry their total from the `X-Total-Count` header.
 */
export const api = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    approveReview: { invalidatesTags: ['admin', 'reviews'] },
    rejectReview: { invalidatesTags: ['admin', 'reviews'] },
    login: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    logout: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    register: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    addReview: { invalidatesTags: ['reviews', 'services'] },
    // The account is gone: refetching its data would only meet 401s before the page moves on.
    deleteMyAccount: { invalidatesTags: [] },
    updateReview: { invalidatesTags: ['reviews', 'services', 'admin'] },
    deleteReview: { invalidatesTags: ['reviews', 'services', 'admin'] },
    listServices: {
      transformResponse: (items: ListServicesApiResponse, meta) => toPage(items, meta),
    },
    listReviews: {
      transformResponse: (items: ListReviewsApiResponse, meta) => toPage(items, meta),
    },
    listMyReviews: {
      transformResponse: (items: ListMyReviewsApiResponse, meta) => toPage(items, meta),
    },
    // A review's change shows on its author's profile too.
    getProfile: { providesTags: ['profiles', 'reviews'] },
    listProfileReviews: {
      providesTags: ['profiles', 'reviews'],
      transformResponse: (items: ListProfileReviewsApiResponse, meta) => toPage(items, meta),
    },
    listModerationQueue: {
      transformResponse: (items: ListModerationQueueApiResponse, meta) => toPage(items, meta),
    },
    listAuditEntries: {
      transformResponse: (items: ListAuditEntriesApiResponse, meta) => toPage(items, meta),
    },
  },
});

// The paged lists' hooks, typed with their pages; they replace the generated ones of these names.
export const {
  useListServicesQuery,
  useLazyListServicesQuery,
  useListReviewsQuery,
  useLazyListReviewsQuery,
  useListMyReviewsQuery,
  useLazyListMyReviewsQuery,
  useListProfileReviewsQuery,
  useLazyListProfileReviewsQuery,
  useListModerationQueueQuery,
  useLazyListModerationQueueQuery,
  useListAuditEntriesQuery,
  useLazyListAuditEntriesQuery,
} = api;

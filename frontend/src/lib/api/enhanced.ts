import type {
  FetchBaseQueryMeta,
  OverrideResultType,
  ResultTypeFrom,
} from '@reduxjs/toolkit/query';
import { COUNT_HEADERS } from './counts.generated';
import { api as generatedApi } from './generated';
import { withCounts } from './pagination';
import type { EndpointsOf, TagTypesOf } from './withEndpoints';

type Definitions = EndpointsOf<typeof generatedApi>;
type CountHeaders = typeof COUNT_HEADERS;
type CountedList = keyof CountHeaders;

/** `X-Total-Count` is answered as `total`, `X-Unread-Count` as `unread`. */
type FieldOf<Header> = Header extends `X-${infer Name}-Count` ? Lowercase<Name> : never;
type ItemOf<List extends CountedList> =
  ResultTypeFrom<Definitions[List]> extends readonly (infer Item)[] ? Item : never;

/** A counted list's answer: the page's items and the counts its headers carried. */
export type CountedAnswer<List extends CountedList> = { items: ItemOf<List>[] } & Record<
  FieldOf<CountHeaders[List][number]>,
  number
>;

type Enhanced = Omit<Definitions, CountedList> & {
  [List in CountedList]: OverrideResultType<Definitions[List], CountedAnswer<List>>;
};

const countedLists = Object.fromEntries(
  Object.entries(COUNT_HEADERS).map(([name, headers]) => [
    name,
    {
      transformResponse: (items: unknown[], meta: FetchBaseQueryMeta | undefined) =>
        withCounts(items, headers, meta),
    },
  ]),
) as Record<CountedList, object>;

/**
 * How long after a new review's answer its service's rating counts it, at the latest: the API
 * counts new reviews a few times a second (ReviewSettlement's COUNT_INTERVAL_MS, 200 ms), after
 * they show in the lists.
 */
export const RATING_FOLLOWS_MS = 500;

/**
 * The generated client, with what the OpenAPI tags cannot express: moderation decisions change
 * review lists, signing in or out changes everything a user may see, and a deleted account's
 * page is left, not read again (a refetch would meet a 401 and send the visitor to /login). Lists whose answers
 * declare count headers in the OpenAPI document answer `{ items, total, … }` (counts.generated.ts).
 */
export const api = generatedApi.enhanceEndpoints<TagTypesOf<typeof generatedApi>, Enhanced>({
  endpoints: {
    ...countedLists,
    approveReview: { invalidatesTags: ['admin', 'reviews'] },
    rejectReview: { invalidatesTags: ['admin', 'reviews'] },
    decideReviews: { invalidatesTags: ['admin', 'reviews'] },
    reportReview: { invalidatesTags: ['reports'] },
    withdrawReport: { invalidatesTags: ['reports'] },
    upholdReports: { invalidatesTags: ['reports', 'admin', 'reviews'] },
    dismissReports: { invalidatesTags: ['reports', 'admin', 'reviews'] },
    appealDecision: { invalidatesTags: ['appeals', 'reviews'] },
    approveService: { invalidatesTags: ['services'] },
    rejectService: { invalidatesTags: ['services'] },
    approveServiceClaim: { invalidatesTags: ['claims', 'services'] },
    decideAppeal: { invalidatesTags: ['appeals', 'admin', 'reviews'] },
    login: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    logout: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    register: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    addReview: {
      invalidatesTags: ['reviews', 'services'],
      // The services read at once may not count the review yet: they are read again once they do.
      async onQueryStarted(_review, { dispatch, queryFulfilled }) {
        const sent = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!sent) return;
        setTimeout(
          () => dispatch(generatedApi.util.invalidateTags(['services'])),
          RATING_FOLLOWS_MS,
        );
      },
    },
    updateReview: { invalidatesTags: ['reviews', 'services', 'admin'] },
    deleteReview: { invalidatesTags: ['reviews', 'services', 'admin'] },
    // A reply moves its service's reply figures.
    replyToReview: { invalidatesTags: ['reviews', 'services'] },
    deleteMyAccount: { invalidatesTags: [] },
    // A CSV file, read as text for its download, and not kept after it.
    exportServiceReviews: {
      query: ({ id }) => ({
        url: `/api/services/${encodeURIComponent(id)}/reviews.csv`,
        responseHandler: 'text',
      }),
      keepUnusedDataFor: 0,
    },
  },
});

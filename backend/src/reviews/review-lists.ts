import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { inSortOrder } from '../common/list-indexes';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { UsersService } from '../users/users.service';
import { REVIEW_SORT_ORDERS, type ReviewStatus } from './review.schema';
import { ReviewsRepository, type ReviewFields, type StoredReview } from './reviews.repository';
import { REVIEWS_SCOPE, reviewsOfAuthorScope, reviewsOfServiceScope } from './review-scopes';
import { ReviewStore, isPublic, type Timeline } from './store/review-store';
import { isFiltered, matchesFilters } from './review-filters';
import { ReviewViews, toReviewDto } from './review-views';
import type { MyReviewsQueryDto, ReviewDto, ReviewQueryDto } from './review.dto';

/**
 * How many of a timeline's latest (or earliest) reviews an admin's search across every service
 * reads: a bounded window of _id lookups, never the collection (docs/request-path.md).
 */
export const ADMIN_SEARCH_WINDOW = 200;

const sorts = REVIEW_SORT_ORDERS;

/**
 * Does the review match the list's filters (ReviewFilters), author and reason (applied in memory
 * on a keyed set or a bounded window)? `reply` may be the reply or, in a service's entries,
 * `replied`.
 */
function matches(
  review: {
    authorId: string;
    moderationReasons?: string[];
    status: string;
    rating: number;
    title: string;
    details: string;
    reply?: unknown;
    replied?: boolean;
    verifiedCustomer?: boolean;
  },
  query: ReviewQueryDto,
  caller?: AuthUser,
): boolean {
  if (query.author && review.authorId !== query.author) return false;
  if (query.reason && !(review.moderationReasons ?? []).includes(query.reason)) return false;
  // Others see a take-down as a placeholder, without the text, stars or reply filters look at.
  if (review.status === 'rejected' && !isAdmin(caller) && isFiltered(query)) return false;
  return matchesFilters(query)({ ...review, replied: review.replied || !!review.reply });
}

/**
 * Lists of reviews, each read by the strategy its key allows: a service's lists in Redis, an
 * author's reviews, or the timelines across every service.
 */
@Injectable()
export class ReviewLists {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly users: UsersService,
    private readonly cache: ReadCache,
    private readonly store: ReviewStore,
    private readonly views: ReviewViews,
  ) {}

  /**
   * Public lists show published reviews, shared by everyone through the cache; a logged-in
   * author's own review of the service is added from one key lookup; admins pick the status.
   * Each review carries what this caller may do with it.
   */
  async list(query: ReviewQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    const { author: _author, reason: _reason, ...shared } = query;
    const visible = isAdmin(caller) ? query : (shared as ReviewQueryDto);
    const page = await this.visibleList(visible, caller);
    return { ...page, items: await this.views.forCaller(page.items, caller) };
  }

  private async visibleList(query: ReviewQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    if (isAdmin(caller)) return this.adminList(query, caller!);
    const shared = await this.publishedList(query);
    return caller && query.service ? this.withOwnReview(shared, query, caller) : shared;
  }

  private publishedList(query: ReviewQueryDto): Promise<Page<ReviewDto>> {
    const scope = query.service ? reviewsOfServiceScope(query.service) : REVIEWS_SCOPE;
    return this.cache.read([scope], cacheKey('reviews', query), () =>
      query.service
        ? this.servicePage(query.service, query)
        : this.timelinePage('published', query, undefined),
    );
  }

  /**
   * A service's public list, paged, sorted, filtered and searched by its lists in Redis
   * (ServiceReviewLists), then read by `_id`: it also shows its moderators' take-downs, as
   * placeholders.
   */
  private async servicePage(service: string, query: ReviewQueryDto): Promise<Page<ReviewDto>> {
    const { ids, total } = await this.store.servicePage(service, query);
    const items = (await this.byIds(ids, 'public'))
      .filter(isPublic)
      .map((review) => toReviewDto(review));
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /** The reviews with these ids, in their order, but for those gone since. */
  private async byIds(ids: string[], fields: ReviewFields): Promise<StoredReview[]> {
    const read = (id: string) =>
      fields === 'public' ? this.reviews.publicById(id) : this.reviews.findById(id, fields);
    return (await Promise.all(ids.map(read))).filter(
      (review): review is StoredReview => !!review && review.status !== 'deleted',
    );
  }

  /** The shared page, with the caller's own review shown to them as theirs, whatever its status. */
  private async withOwnReview(
    shared: Page<ReviewDto>,
    query: ReviewQueryDto,
    caller: AuthUser,
  ): Promise<Page<ReviewDto>> {
    const own = (await this.reviewsOf(caller.id)).find(
      (review) => review.service === query.service,
    );
    if (!own || !matches(own, query, caller)) return shared;
    const ownDto = toReviewDto(own, caller);
    const listed = shared.items.some((item) => item._id === ownDto._id);
    if (listed) {
      const items = shared.items.map((item) => (item._id === ownDto._id ? ownDto : item));
      return { ...shared, items };
    }
    if (own.status === 'published') return shared;
    // Held or rejected: only its author sees it, at the top of the first page.
    const items = query.offset === 0 ? [ownDto, ...shared.items] : shared.items;
    return { ...shared, items, total: shared.total + 1 };
  }

  /**
   * Admins' lists: of one service or one author, from that key's reviews (every filter and sort
   * applies to all of them); across every service, from the timelines (see timelinePage).
   */
  private async adminList(query: ReviewQueryDto, admin: AuthUser): Promise<Page<ReviewDto>> {
    const requested = query.status ?? 'published';
    const status = requested === 'any' ? undefined : requested;
    if (query.service) return this.adminServicePage(query.service, status, query, admin);
    if (query.author) {
      const reviews = (await this.reviewsOf(query.author)).filter(
        (review) => !status || review.status === status,
      );
      return this.pageOf(inSortOrder(reviews, sorts[query.sort]), query, admin);
    }
    return this.timelinePage(status ?? 'all', query, admin);
  }

  /** A user's own reviews in every status; admins may ask for anyone's. */
  async listByEmail(query: MyReviewsQueryDto, caller: AuthUser): Promise<Page<ReviewDto>> {
    const email = (query.email ?? caller.email).trim().toLowerCase();
    let authorId = caller.id;
    if (email !== caller.email) {
      if (!isAdmin(caller)) throw new ApiError(403, 'You can only list your own reviews.');
      const author = await this.users.findByEmail(email);
      if (!author) return { items: [], total: 0, limit: query.limit, offset: query.offset };
      authorId = String(author._id);
    }
    const status = query.status && query.status !== 'any' ? query.status : undefined;
    const reviews = (await this.reviewsOf(authorId)).filter(
      (review) =>
        (!status || review.status === status) &&
        (!query.service || review.service === query.service),
    );
    const page = this.pageOf(inSortOrder(reviews, sorts[query.sort]), query, caller);
    return { ...page, items: await this.views.forCaller(page.items, caller) };
  }

  /** An author's published reviews, newest first (their public profile). */
  async publishedBy(authorId: string, caller?: AuthUser): Promise<ReviewDto[]> {
    const published = (await this.reviewsOf(authorId)).filter((r) => r.status === 'published');
    return this.views.forCaller(
      inSortOrder(published, sorts.newest).map((review) => toReviewDto(review)),
      caller,
    );
  }

  /** The caller's own reviews in every status, newest first, as their author sees them. */
  async writtenBy(caller: AuthUser): Promise<ReviewDto[]> {
    const reviews = inSortOrder(await this.reviewsOf(caller.id), sorts.newest);
    return this.views.forCaller(
      reviews.map((review) => toReviewDto(review, caller)),
      caller,
    );
  }

  /**
   * An author's reviews in every status: one keyed read, cached until one of them changes, which
   * their settlement marks; signed-in pages add the caller's own from it.
   */
  private reviewsOf(authorId: string): Promise<StoredReview[]> {
    return this.cache
      .read([reviewsOfAuthorScope(authorId)], reviewsOfAuthorScope(authorId), () =>
        this.reviews.ofAuthor(authorId),
      )
      .then((reviews) => reviews.filter((review) => review.status !== 'deleted'));
  }

  /**
   * An admin's list of one service's reviews: every filter and sort applies to all of them, in
   * memory, from the service's entries in Redis (ServiceReviewLists); the page is then read by
   * `_id`.
   */
  private async adminServicePage(
    service: string,
    status: ReviewStatus | undefined,
    query: ReviewQueryDto,
    admin: AuthUser,
  ): Promise<Page<ReviewDto>> {
    const selected = (await this.store.serviceEntries(service)).filter(
      (review) => (!status || review.status === status) && matches(review, query, admin),
    );
    const onPage = inSortOrder(selected, sorts[query.sort]).slice(
      query.offset,
      query.offset + query.limit,
    );
    const items = await this.byIds(
      onPage.map((review) => review._id),
      'own',
    );
    return {
      items: items.map((review) => toReviewDto(review, admin)),
      total: selected.length,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /** The page `query` asks for, of reviews in order, after its text and star filters. */
  private pageOf(
    reviews: StoredReview[],
    query: ReviewQueryDto,
    caller: AuthUser | undefined,
  ): Page<ReviewDto> {
    const selected = reviews.filter((review) => matches(review, query, caller));
    return {
      items: selected
        .slice(query.offset, query.offset + query.limit)
        .map((review) => toReviewDto(review, caller)),
      total: selected.length,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /**
   * Reviews of every service, in order of creation, paged by their timeline (of a status and,
   * for admins, of a reason). An admin's text or star search reads the timeline's first
   * ADMIN_SEARCH_WINDOW reviews and filters those: what it finds is counted within that window.
   */
  private async timelinePage(
    timeline: Timeline,
    query: ReviewQueryDto,
    caller: AuthUser | undefined,
  ): Promise<Page<ReviewDto>> {
    const searched = isFiltered(query);
    if ((searched && !isAdmin(caller)) || (query.sort !== 'newest' && query.sort !== 'oldest')) {
      throw new ApiError(
        400,
        'Choose a service to search or filter its reviews, or to sort them by stars or helpfulness.',
        'SERVICE_NEEDED',
      );
    }
    const [offset, limit] = searched ? [0, ADMIN_SEARCH_WINDOW] : [query.offset, query.limit];
    const { ids, total } = await this.store.timelinePage(
      timeline,
      query.sort,
      offset,
      limit,
      query.reason,
    );
    // Read by `_id` anyway: a review whose timeline place lags its status (a crash in between)
    // is left out, never shown in a list of a status it left.
    const found = (await this.byIds(ids, caller ? 'own' : 'public')).filter(
      (review) => timeline === 'all' || review.status === timeline,
    );
    if (searched) return this.pageOf(found, query, caller);
    const items = found.map((review) => toReviewDto(review, caller));
    return { items, total, limit: query.limit, offset: query.offset };
  }
}

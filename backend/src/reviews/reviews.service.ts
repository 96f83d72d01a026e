import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ApiError } from '../common/api-error';
import { failpoint } from '../common/failpoint';
import type { Page } from '../common/pagination';
import { inSortOrder } from '../common/list-indexes';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { isAuthorOf, mayManageReview, mayReviewService, reviewPermissions } from '../auth/policy';
import { ServicesService } from '../services/services.service';
import { InvitationsService, type InvitationClaim } from '../invitations/invitations.service';
import { UsersService } from '../users/users.service';
import { actorOf, newEvent } from '../review-events/outbox.service';
import type { DomainEvent, EventActor, EventType } from '../review-events/review-events';
import {
  REVIEW_SORT_ORDERS,
  type Review,
  type ReviewReply,
  type ReviewStatus,
  type ReviewVersion,
} from './review.schema';
import { ReviewsRepository, type ReviewFields, type StoredReview } from './reviews.repository';
import {
  REVIEWS_SCOPE,
  ReviewSettlement,
  reviewsOfAuthorScope,
  reviewsOfServiceScope,
} from './review-settlement';
import { ReviewTimelines, type Timeline } from './review-timelines';
import {
  ServiceReviewLists,
  isPublic,
  textSearch,
  type ServiceFigures,
} from './service-review-lists';
import { ReviewCreates } from './review-creates';
import { HelpfulVotesService } from './helpful-votes.service';
import type {
  CreateReviewDto,
  MyReviewsQueryDto,
  ReviewDto,
  ReviewHistoryDto,
  ReviewQueryDto,
  ReviewReplyDto,
  UpdateReviewDto,
} from './review.dto';

export { REVIEWS_SCOPE, countedRating } from './review-settlement';
export type { StoredReview } from './reviews.repository';

/** How many of an author's latest reviews moderation compares a new one with. */

/**
 * How many of a timeline's latest (or earliest) reviews an admin's search across every service
 * reads: a bounded window of _id lookups, never the collection (docs/request-path.md).
 */
export const ADMIN_SEARCH_WINDOW = 200;

const sorts = REVIEW_SORT_ORDERS;

/** A review as an event carries it: its fields, ids as text, without the pending events. */
export function reviewSnapshot(review: StoredReview): Record<string, unknown> {
  const { pendingEvents: _events, pending: _pending, ...fields } = review;
  return { ...fields, _id: String(review._id) };
}

export interface StatusChange {
  /** Only a review in one of these statuses changes (so a retried job changes nothing twice). */
  from: ReviewStatus[];
  to: ReviewStatus;
  reasons?: string[];
  note?: string;
}

/**
 * A review as the caller sees it: its author's e-mail only when they may manage it (the author
 * id is public: it names their profile), and what they may do with it short of replying, which
 * needs the service's owner (ReviewsService.forCaller adds it).
 */
export function toReviewDto(review: StoredReview, caller?: AuthUser): ReviewDto {
  const {
    _id,
    email,
    pendingEvents: _events,
    pending: _pending,
    versions: _versions,
    replyVersions: _replyVersions,
    openReports: _openReports,
    reply,
    ...rest
  } = review;
  const dto = {
    ...rest,
    // Mongoose drops an empty criteria object on save: the contract always answers one.
    criteria: rest.criteria ?? {},
    _id: String(_id),
    versionCount: rest.versionCount ?? 0,
    helpfulCount: rest.helpfulCount ?? 0,
    ...(reply ? { reply: toReplyDto(reply) } : {}),
    permissions: reviewPermissions(review, caller),
  } as ReviewDto;
  if (mayManageReview(review, caller)) {
    dto.email = email;
    return dto;
  }
  for (const field of PRIVATE_FIELDS) delete (dto as unknown as Record<string, unknown>)[field];
  // A take-down shows who decided and why, never the removed text.
  if (review.status === 'rejected') {
    return { ...dto, title: '', details: '', criteria: {}, reply: undefined };
  }
  return dto;
}

/** A reply as anyone sees it: without who of the business wrote it. */
function toReplyDto({ authorId: _authorId, ...reply }: ReviewReply): ReviewReplyDto {
  return { ...reply, versionCount: reply.versionCount ?? 0 };
}

/** What only the author and admins see of a review: the appeal and the report details. */
const PRIVATE_FIELDS = [
  'appeal',
  'appealOpen',
  'reportReasons',
  'reportsHeld',
  'reportsDecision',
  'decisionId',
];

/** Fields an edit replaces, kept as the earlier version. */
const VERSIONED_FIELDS = ['title', 'details', 'rating', 'criteria'] as const;

/** One step of a review write: its event's type and actor, and the fields it sets. */
export interface ReviewWriteStep {
  type: EventType;
  actor: EventActor;
  set: Partial<Review>;
}

/** What a kept review shows of an author who deleted their account. */
export const ANONYMOUS_AUTHOR = {
  reviewUser: 'Deleted user',
  reviewerImage: '',
  email: '',
  authorVerified: false,
} as const;

/**
 * Does the review match the list's text, star, author and reason filters (applied in memory on a
 * keyed set or a bounded window)?
 */
function matches(
  review: {
    authorId: string;
    moderationReasons?: string[];
    status: string;
    rating: number;
    title: string;
    details: string;
  },
  query: ReviewQueryDto,
  caller?: AuthUser,
): boolean {
  if (query.author && review.authorId !== query.author) return false;
  if (query.reason && !(review.moderationReasons ?? []).includes(query.reason)) return false;
  // Others see a take-down as a placeholder, without the text the filters look at.
  if (review.status === 'rejected' && !isAdmin(caller) && (query.q || query.rating)) return false;
  if (query.rating && review.rating !== query.rating) return false;
  return !query.q || textSearch(query.q)(review.title, review.details);
}

/**
 * Reviews: who may read and change which, and their share in the services' ratings.
 *
 * Every change writes its event into the review with the change itself (one atomic write), then
 * settles it (counters, lists, queue); a crash in between leaves the event for the relay.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly services: ServicesService,
    private readonly users: UsersService,
    private readonly cache: ReadCache,
    private readonly settlement: ReviewSettlement,
    private readonly timelines: ReviewTimelines,
    private readonly creates: ReviewCreates,
    private readonly invitations: InvitationsService,
    private readonly helpfulVotes: HelpfulVotesService,
    private readonly serviceLists: ServiceReviewLists,
  ) {}

  async create(dto: CreateReviewDto, author: AuthUser): Promise<StoredReview> {
    const service = await this.services.identity(dto.service);
    if (!service) throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    if (!service.listed) {
      throw new ApiError(
        409,
        'This service is not listed yet: it can be reviewed once an admin has checked it.',
        'SERVICE_NOT_LISTED',
      );
    }
    if (!mayReviewService(service, author)) {
      throw new ApiError(
        403,
        'You cannot review a service you added: its reviews come from its customers.',
        'OWN_SERVICE',
      );
    }
    const now = new Date();
    const _id = new Types.ObjectId();
    const claim: InvitationClaim | null = dto.invitation
      ? await this.invitations.claim(dto.invitation, dto.service, author, String(_id))
      : null;
    const review = {
      _id,
      title: dto.title,
      details: dto.details,
      serviceID: dto.serviceID,
      service: dto.service,
      rating: dto.rating,
      criteria: { ...dto.criteria },
      authorId: author.id,
      reviewUser: author.displayName,
      reviewerImage: author.photoURL,
      email: author.email,
      authorVerified: author.emailVerified === true,
      ...(claim ? { verifiedCustomer: true } : {}),
      status: 'published',
      moderationReasons: [],
      resubmitted: false,
      createdAt: now,
      updatedAt: now,
      pendingEvents: [],
      pending: false,
    } as StoredReview;
    const event = this.eventFor('review.created', actorOf(author), null, review);
    const created = await this.creates.create(review, event).catch(async (error: unknown) => {
      if (claim) await this.invitations.release(claim);
      throw error;
    });
    if (!created) {
      if (claim) await this.invitations.release(claim);
      throw new ApiError(
        409,
        'You have already reviewed this service; edit your review instead.',
        'DUPLICATE_REVIEW',
      );
    }
    if (claim) await this.invitations.recordUse(claim, author);
    return review;
  }

  /**
   * Public lists show published reviews, shared by everyone through the cache; a logged-in
   * author's own review of the service is added from one key lookup; admins pick the status.
   * Each review carries what this caller may do with it.
   */
  async list(query: ReviewQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    const { author: _author, reason: _reason, ...shared } = query;
    const visible = isAdmin(caller) ? query : (shared as ReviewQueryDto);
    const page = await this.visibleList(visible, caller);
    return { ...page, items: await this.forCaller(page.items, caller) };
  }

  private async visibleList(query: ReviewQueryDto, caller?: AuthUser): Promise<Page<ReviewDto>> {
    if (isAdmin(caller)) return this.adminList(query, caller!);
    const shared = await this.publishedList(query);
    return caller && query.service ? this.withOwnReview(shared, query, caller) : shared;
  }

  /**
   * The reviews with their service's title, what `caller` may do with each (auth/policy.ts) and
   * whether they marked it helpful.
   * Shared pages are cached as a visitor sees them, so this is worked out per call, from each
   * review's author and its service (`ServicesService.identity`: a key lookup, then kept per
   * process, so a page made of cached reads stays replayable).
   */
  private async forCaller(items: ReviewDto[], caller?: AuthUser): Promise<ReviewDto[]> {
    const serviceIds = [...new Set(items.map((item) => item.service))];
    const [identities, marked] = await Promise.all([
      Promise.all(serviceIds.map((id) => this.services.identity(id))),
      caller
        ? this.helpfulVotes.markedBy(
            caller.id,
            items.map((item) => item._id),
          )
        : undefined,
    ]);
    const services = new Map(serviceIds.map((id, index) => [id, identities[index]]));
    return items.map((item) => {
      const service = services.get(item.service) ?? undefined;
      return {
        ...item,
        ...(service ? { serviceTitle: service.title } : {}),
        ...(marked ? { helpfulByMe: marked.has(item._id) } : {}),
        permissions: caller ? reviewPermissions(item, caller, service) : item.permissions,
      };
    });
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
    const { ids, total } = await this.serviceLists.page(service, query);
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
    return { ...page, items: await this.forCaller(page.items, caller) };
  }

  /** An author's published reviews, newest first (their public profile). */
  async publishedBy(authorId: string, caller?: AuthUser): Promise<ReviewDto[]> {
    const published = (await this.reviewsOf(authorId)).filter((r) => r.status === 'published');
    return this.forCaller(
      inSortOrder(published, sorts.newest).map((review) => toReviewDto(review)),
      caller,
    );
  }

  /** The caller's own reviews in every status, newest first, as their author sees them. */
  async writtenBy(caller: AuthUser): Promise<ReviewDto[]> {
    const reviews = inSortOrder(await this.reviewsOf(caller.id), sorts.newest);
    return this.forCaller(
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
    const selected = (await this.serviceLists.entries(service)).filter(
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

  /** The review, if the caller is its author or an admin, as they see it. */
  async getEditable(id: string, caller: AuthUser): Promise<ReviewDto> {
    const review = await this.findById(id);
    assertEditable(review, caller);
    return this.asSeenBy(review!, caller);
  }

  /** One review as `caller` sees it, with all they may do with it (replying included). */
  async asSeenBy(review: StoredReview, caller: AuthUser): Promise<ReviewDto> {
    const [dto] = await this.allAsSeenBy([review], caller);
    return dto;
  }

  /** Reviews as `caller` sees them: each with its service's title and what they may do. */
  allAsSeenBy(reviews: StoredReview[], caller: AuthUser): Promise<ReviewDto[]> {
    return this.forCaller(
      reviews.map((review) => toReviewDto(review, caller)),
      caller,
    );
  }

  /** Applies the change; answers the review before and after it. */
  async update(id: string, dto: UpdateReviewDto, caller: AuthUser) {
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<Review>;
    if (Object.keys(changes).length === 0) {
      throw new ApiError(400, 'Nothing to update: send title, serviceID, details or rating.');
    }
    if (changes.criteria) changes.criteria = { ...changes.criteria };
    const changed = await this.reviews.modify(id, (current) => {
      assertEditable(current, caller);
      const now = new Date();
      const set: Partial<Review> = {
        ...changes,
        ...resubmission(current, caller),
        updatedAt: now,
        ...versionedEdit(current, changes, now),
      };
      const event = this.eventFor('review.updated', actorOf(caller), current, {
        ...current,
        ...set,
      });
      return this.withPending(current, set, event);
    });
    if (!changed) throw new ApiError(404, 'No review has this id.');
    failpoint('review.afterWrite');
    await this.settlement.settleWritten(changed.after);
    return changed;
  }

  async delete(id: string, caller: AuthUser): Promise<StoredReview> {
    const changed = await this.reviews.modify(id, (current) => {
      assertEditable(current, caller);
      const event = this.eventFor('review.deleted', actorOf(caller), current, null);
      return this.withPending(current, { status: 'deleted' }, event);
    });
    if (!changed) throw new ApiError(404, 'No review has this id.');
    failpoint('review.afterWrite');
    await this.settlement.settleWritten(changed.after);
    return changed.before;
  }

  /** Keeps the author's review but not who wrote it: their account is being deleted. */
  async anonymise(id: string, caller: AuthUser): Promise<void> {
    const changed = await this.reviews.modify(id, (current) => {
      assertEditable(current, caller);
      // A fresh id: the old one, public on the review, named the author at /api/profiles/:id.
      const set: Partial<Review> = {
        ...ANONYMOUS_AUTHOR,
        authorId: new Types.ObjectId().toHexString(),
        updatedAt: new Date(),
      };
      const event = this.eventFor('review.updated', actorOf(caller), current, {
        ...current,
        ...set,
      });
      return this.withPending(current, set, event);
    });
    if (!changed) return;
    await this.settlement.settleWritten(changed.after);
  }

  /**
   * A moderation decision (the worker's rules, or an admin approving or rejecting): answers the
   * review after the change, or null when it is gone or no longer in a `from` status.
   */
  async changeStatus(
    id: string,
    change: StatusChange,
    actor: EventActor,
  ): Promise<StoredReview | null> {
    return this.write(id, (current) => {
      if (!change.from.includes(current.status as ReviewStatus)) return null;
      return [{ type: 'review.moderated', actor, set: statusChangeFields(change, actor) }];
    });
  }

  /**
   * A write of one review in steps, each with its own event whose before is the state the step
   * found (so the ratings follow each step once); `plan` declines with null. Answers the review
   * after it, or null when it is gone or `plan` declined.
   */
  async write(
    id: string,
    plan: (current: StoredReview) => ReviewWriteStep[] | null,
  ): Promise<StoredReview | null> {
    const changed = await this.reviews.modify(id, (current) => {
      if (current.status === 'deleted') return null;
      const steps = plan(current);
      if (!steps || steps.length === 0) return null;
      let state = current;
      let set: Partial<Review> = {};
      const events: DomainEvent[] = [];
      for (const step of steps) {
        const next = withoutUndefined({ ...state, ...step.set });
        events.push(this.eventFor(step.type, step.actor, state, next));
        state = next;
        set = { ...set, ...step.set };
      }
      return {
        ...set,
        pendingEvents: [...(current.pendingEvents ?? []), ...events],
        pending: true,
      };
    });
    if (!changed) return null;
    failpoint('review.afterStepsWrite');
    await this.settlement.settleWritten(changed.after);
    return changed.after;
  }

  /** A public review's versions, the current one first: anyone may read them. */
  async history(id: string): Promise<ReviewHistoryDto> {
    const review = await this.reviews.findById(id);
    if (!review || review.status !== 'published') {
      throw new ApiError(404, 'No published review has this id.');
    }
    const current = {
      title: review.title,
      details: review.details,
      rating: review.rating,
      criteria: review.criteria ?? {},
      writtenAt: review.editedAt ?? review.createdAt,
    };
    return { reviewId: id, versions: [current, ...[...(review.versions ?? [])].reverse()] };
  }

  /** What a service's reviews add up to, as the public may count them (ServiceReviewLists). */
  figuresOf(service: string): Promise<ServiceFigures> {
    return this.serviceLists.figures(service);
  }

  /** Reviews waiting for an admin: with open reports, or with an open appeal. */
  waiting(key: 'reported' | 'appealOpen'): Promise<StoredReview[]> {
    return this.reviews.waiting(key);
  }

  async findById(id: string): Promise<StoredReview | null> {
    const review = await this.reviews.findById(id);
    return review?.status === 'deleted' ? null : review;
  }

  /** The author's latest `limit` reviews: what the moderation rules compare a new one with. */
  latestOfAuthor(authorId: string, limit: number) {
    return this.reviews.latestOfAuthor(authorId, limit);
  }

  private eventFor(
    type: EventType,
    actor: EventActor,
    before: StoredReview | null,
    after: StoredReview | null,
  ): DomainEvent {
    const review = (after ?? before)!;
    return newEvent(type, {
      actor,
      reviewId: String(review._id),
      serviceId: review.service,
      before: before && reviewSnapshot(before),
      after: after && reviewSnapshot(after),
    });
  }

  /** The fields to set, with the change's event added to the review's pending ones. */
  private withPending(current: StoredReview, set: Partial<Review>, event: DomainEvent) {
    return { ...set, pendingEvents: [...(current.pendingEvents ?? []), event], pending: true };
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
    const searched = !!(query.q || query.rating);
    if ((searched && !isAdmin(caller)) || (query.sort !== 'newest' && query.sort !== 'oldest')) {
      throw new ApiError(
        400,
        'Choose a service to search its reviews, filter them by stars or sort them by stars or helpfulness.',
        'SERVICE_NEEDED',
      );
    }
    const [offset, limit] = searched ? [0, ADMIN_SEARCH_WINDOW] : [query.offset, query.limit];
    const { ids, total } = await this.timelines.page(
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

/**
 * What an author's edit of their held or rejected review changes besides its fields: it goes back
 * to the moderation queue, marked as resubmitted, without the old decision's reasons and note.
 */
function resubmission(current: StoredReview, caller: AuthUser): Partial<Review> {
  if (!isAuthorOf(current, caller) || current.status === 'published') return {};
  return {
    status: 'flagged',
    resubmitted: true,
    moderationReasons: [],
    moderationNote: undefined,
  };
}

/**
 * The fields of a moderation decision: a new decision id (an appeal names it), and a public
 * placeholder when an admin takes the review down (removed again when it is published).
 */
export function statusChangeFields(change: StatusChange, actor: EventActor): Partial<Review> {
  const now = new Date();
  // The note is the latest decision's: a decision without one removes an older one.
  const set: Partial<Review> = {
    status: change.to,
    resubmitted: false,
    updatedAt: now,
    moderationNote: change.note,
    decisionId: randomUUID(),
    ...(change.reasons ? { moderationReasons: change.reasons } : {}),
  };
  if (change.to === 'rejected' && actor.role === 'admin') {
    set.removal = { reason: change.note ?? 'Breaks the review guidelines', at: now };
  }
  if (change.to === 'published') set.removal = undefined;
  return set;
}

/** An edit of the content keeps the version it replaces and marks the review edited. */
function versionedEdit(current: StoredReview, changes: Partial<Review>, now: Date) {
  const replaced = VERSIONED_FIELDS.some(
    (field) =>
      changes[field] !== undefined &&
      JSON.stringify(changes[field]) !== JSON.stringify(current[field]),
  );
  if (!replaced) return {};
  const version: ReviewVersion = {
    title: current.title,
    details: current.details,
    rating: current.rating,
    criteria: current.criteria ?? {},
    writtenAt: current.editedAt ?? current.createdAt,
    replacedAt: now,
  };
  const versions = [...(current.versions ?? []), version];
  return { versions, versionCount: versions.length, editedAt: now };
}

/** The document as a write leaves it: a field set to undefined is removed. */
function withoutUndefined(review: StoredReview): StoredReview {
  return Object.fromEntries(
    Object.entries(review).filter(([, value]) => value !== undefined),
  ) as StoredReview;
}

function assertEditable(review: StoredReview | null, caller: AuthUser): void {
  if (!review || review.status === 'deleted') throw new ApiError(404, 'No review has this id.');
  if (!mayManageReview(review, caller)) {
    throw new ApiError(403, 'Only the author or an admin can change this review.');
  }
}

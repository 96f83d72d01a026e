import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import {
  ratingAverage,
  ratingIncrements,
  ratingScore,
  ratingSummary,
  withIncrements,
  type RatingCounters,
  type ReviewRating,
} from '../ratings/ratings';
import { OutboxService, actorOf } from '../review-events/outbox.service';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { SERVICE_SORT_ORDERS, type ServiceListing } from './service-listing.schema';
import { DUPLICATE_DESCRIPTION, descriptionKey, screenService } from './service-screening';
import { Types } from 'mongoose';
import { ServicesRepository, type StoredService } from './services.repository';
import type { CategoryDto, CreateServiceDto, ServiceDto, ServiceQueryDto } from './service.dto';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { Lru } from '../common/read-cache/lru';

/** How many services the home page shows (`GET /servicelimit`). */
export const HOME_SERVICE_COUNT = 3;

/**
 * How many of the latest rating changes a service remembers, so that one applied again is
 * recognised: a recovered event is applied within seconds of the first attempt.
 */
const APPLIED_CHANGES_KEPT = 256;

/** One review change's move of a service's counters, applied once per `key`. */
export interface RatingChange {
  key: string;
  before?: ReviewRating;
  after?: ReviewRating;
}

/** A service's title and owner: set when it is added, never changed. */
export interface ServiceIdentity {
  title: string;
  ownerId?: string;
  /** False while a screening holds it: nobody reviews it until an admin lists it. */
  listed: boolean;
}

/**
 * How many services' identities each process keeps: those of listed services, which never
 * change, so never go stale (a held one is read again until an admin lists it).
 */
const IDENTITIES_KEPT = 20_000;

/** What the public lists of services depend on; one service's page depends on its own. */
export const SERVICES_SCOPE = 'services';

function serviceScope(id: string): string {
  return `service:${id.toLowerCase()}`;
}

const sorts = SERVICE_SORT_ORDERS;

function toServiceDto(stored: StoredService): ServiceDto {
  return {
    _id: String(stored._id),
    category_id: stored.category_id,
    title: stored.title,
    price: stored.price,
    image: stored.image,
    details: stored.details,
    ...(stored.ownerId ? { ownerId: stored.ownerId } : {}),
    ...(stored.screening ? { screening: stored.screening } : {}),
    createdAt: stored.createdAt,
    rating: ratingSummary(stored),
  };
}

/** The services people review, with the rating counters their reviews keep up to date. */
@Injectable()
export class ServicesService {
  private readonly identities = new Lru<ServiceIdentity>(IDENTITIES_KEPT, Number.POSITIVE_INFINITY);

  constructor(
    private readonly services: ServicesRepository,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
  ) {}

  list(query: ServiceQueryDto): Promise<Page<ServiceDto>> {
    return this.cache.read([SERVICES_SCOPE], cacheKey('services', query), () =>
      this.findPage(query),
    );
  }

  private async findPage(query: ServiceQueryDto): Promise<Page<ServiceDto>> {
    // Lowest rated means lowest among those rated: an unreviewed service has no rating to rank.
    const { items, total } = await this.services.findPage(
      { ...query, reviewedOnly: query.sort === 'rating_asc' },
      sorts[query.sort],
      query.offset,
      query.limit,
    );
    return { items: items.map(toServiceDto), total, limit: query.limit, offset: query.offset };
  }

  /**
   * The best-rated few, for the home page: by their score, which weighs the stars by how many
   * reviews give them (ratingScore), so one five-star review does not outrank many.
   */
  forHome(): Promise<ServiceDto[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:home', async () => {
      const { items } = await this.services.findPage({}, sorts.top_rated, 0, HOME_SERVICE_COUNT);
      return items.map(toServiceDto);
    });
  }

  /** Every category in use with its number of services, by name, for the category filter. */
  categories(): Promise<CategoryDto[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:categories', async () => {
      const groups = await this.services.categoryCounts();
      return groups.map((group) => ({ category_id: group._id, count: group.count }));
    });
  }

  /** Every listed service's id, through the read cache (the sitemap). */
  listedIds(): Promise<string[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:listed-ids', () =>
      this.services.listedIds(),
    );
  }

  async get(id: string): Promise<ServiceDto> {
    const service = await this.find(id);
    if (!service) throw new ApiError(404, 'No service has this id.');
    return service;
  }

  /** The service from the read cache, or null when no service has this id. */
  private find(id: string): Promise<ServiceDto | null> {
    return this.cache.read([serviceScope(id)], serviceScope(id), async () => {
      const stored = await this.services.findById(id);
      return stored && toServiceDto(stored);
    });
  }

  /**
   * Adds the service; one a screening rule holds (never an admin's) waits for an admin, off the
   * home page and the lists, its status on its page. A description another service already has
   * holds it too: the first service to claim a text owns it.
   */
  async create(dto: CreateServiceDto, owner: AuthUser): Promise<ServiceDto> {
    const _id = new Types.ObjectId();
    const textKey = descriptionKey(dto.details);
    const copied = !(await this.services.claimText(textKey, String(_id)));
    const reasons = isAdmin(owner)
      ? []
      : [...screenService(dto), ...(copied ? [DUPLICATE_DESCRIPTION] : [])];
    const held: Partial<ServiceListing> =
      reasons.length > 0
        ? { listed: false, screening: { status: 'pending', reasons, at: new Date() } }
        : {};
    try {
      const created = toServiceDto(
        await this.services.insert({ _id, ...dto, ownerId: owner.id, ...held }),
      );
      await this.cache.invalidate(SERVICES_SCOPE);
      await this.events.record('service.created', {
        actor: actorOf(owner),
        serviceId: created._id,
        before: null,
        after: { ...created },
      });
      return created;
    } catch (error) {
      if (!copied) await this.services.releaseText(textKey);
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'A service with this title already exists.', 'DUPLICATE_SERVICE');
      }
      throw error;
    }
  }

  /** The services the caller added, in every screening status, newest first. */
  async ofOwner(owner: AuthUser): Promise<ServiceDto[]> {
    return (await this.services.ofOwner(owner.id)).map(toServiceDto);
  }

  /** New services waiting for an admin, oldest first. */
  async awaitingScreening(): Promise<ServiceDto[]> {
    return (await this.services.awaitingScreening()).map(toServiceDto);
  }

  /** An admin lists a held service, or refuses it with a note its owner sees; audited. */
  async decideScreening(
    id: string,
    decision: { approve: boolean; note?: string },
    admin: AuthUser,
  ): Promise<ServiceDto> {
    const changed = await this.services.modify(id, (current) => {
      if (current.screening?.status !== 'pending') return null;
      return decision.approve
        ? { listed: true, screening: undefined }
        : { screening: { ...current.screening, status: 'rejected', note: decision.note } };
    });
    if (!changed) {
      if (!(await this.services.findById(id))) throw new ApiError(404, 'No service has this id.');
      throw new ApiError(409, 'This service is not waiting for a decision.', 'ALREADY_DECIDED');
    }
    await this.cache.invalidate(SERVICES_SCOPE, serviceScope(id));
    const after = toServiceDto(changed.after);
    await this.events.record('service.screened', {
      actor: actorOf(admin),
      serviceId: id,
      before: { ...toServiceDto(changed.before) },
      after: { ...after },
    });
    return after;
  }

  /**
   * The service's title and owner, or null when no service has this id: read once per process,
   * as a review's write and its event's notifications need them and the counters' changes do not
   * touch them.
   */
  async identity(id: string): Promise<ServiceIdentity | null> {
    const known = this.identities.get(id);
    if (known) return known;
    const stored = await this.services.identityOf(id);
    if (!stored) return null;
    const identity = {
      title: stored.title,
      ...(stored.ownerId ? { ownerId: stored.ownerId } : {}),
      listed: stored.listed !== false,
    };
    if (identity.listed) this.identities.set(id, identity);
    return identity;
  }

  /**
   * Moves the service's counters by each change (a review's rating before and after it; create:
   * no `before`; delete: no `after`) in one write, with the derived average and score, once per
   * change key: a change applied again (a retried or recovered event) leaves the counters as they
   * are.
   */
  async applyRatings(serviceId: string, changes: RatingChange[]): Promise<void> {
    const moving = changes.filter(
      (change) => Object.keys(ratingIncrements(change.before, change.after)).length > 0,
    );
    if (moving.length === 0) return;
    const applied = await this.services.modify(serviceId, (current) => {
      const seen = current.appliedChanges ?? [];
      const fresh = moving.filter((change) => !seen.includes(change.key));
      if (fresh.length === 0) return null;
      const counters = fresh.reduce<RatingCounters>(
        (sum, change) => withIncrements(sum, ratingIncrements(change.before, change.after)),
        current,
      );
      return {
        ...counters,
        ratingAverage: ratingAverage(counters),
        ratingScore: ratingScore(counters),
        appliedChanges: [...seen, ...fresh.map((change) => change.key)].slice(
          -APPLIED_CHANGES_KEPT,
        ),
      };
    });
    if (applied) await this.cache.invalidate(SERVICES_SCOPE, serviceScope(serviceId));
  }

  /**
   * How many published reviews the service has (with `stars` stars, if given), from its rating
   * counters: the same number as counting them, without reading them all.
   */
  async publishedReviewCount(id: string, stars?: number): Promise<number> {
    const counters = await this.services.countersOf(id);
    if (!counters) return 0;
    if (!stars) return counters.ratingCount ?? 0;
    return counters.ratingStars?.[`s${stars}` as keyof RatingCounters['ratingStars']] ?? 0;
  }
}

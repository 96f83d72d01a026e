import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ApiError } from '../common/api-error';
import { escapeRegExp, type Page } from '../common/pagination';
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
import type { AuthUser } from '../auth/auth-user';
import { SERVICE_SORT_ORDERS, ServiceListing } from './service-listing.schema';
import type { CategoryDto, CreateServiceDto, ServiceDto, ServiceQueryDto } from './service.dto';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { Lru } from '../common/read-cache/lru';

/** How many services the home page shows (`GET /servicelimit`). */
export const HOME_SERVICE_COUNT = 3;

type StoredService = ServiceListing & { _id: unknown };

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
}

/** How many services' identities each process keeps (they never change, so never go stale). */
const IDENTITIES_KEPT = 20_000;

/** What the public lists of services depend on; one service's page depends on its own. */
export const SERVICES_SCOPE = 'services';

function serviceScope(id: string): string {
  return `service:${id.toLowerCase()}`;
}

/** The stored fields a ServiceDto is made of. */
const DTO_FIELDS = {
  category_id: 1,
  title: 1,
  price: 1,
  image: 1,
  details: 1,
  ownerId: 1,
  createdAt: 1,
  ratingCount: 1,
  ratingSum: 1,
  ratingStars: 1,
  criteriaSums: 1,
  criteriaCounts: 1,
} as const;

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
    createdAt: stored.createdAt,
    rating: ratingSummary(stored),
  };
}

/** The services people review, with the rating counters their reviews keep up to date. */
@Injectable()
export class ServiceCatalog {
  private readonly identities = new Lru<ServiceIdentity>(IDENTITIES_KEPT, Number.POSITIVE_INFINITY);

  constructor(
    @InjectModel(ServiceListing.name) private readonly services: Model<ServiceListing>,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
    private readonly atomic: AtomicDocuments,
  ) {}

  private get model(): Model<never> {
    return this.services as unknown as Model<never>;
  }

  list(query: ServiceQueryDto): Promise<Page<ServiceDto>> {
    return this.cache.read([SERVICES_SCOPE], cacheKey('services', query), () =>
      this.findPage(query),
    );
  }

  private async findPage(query: ServiceQueryDto): Promise<Page<ServiceDto>> {
    const filter: Record<string, unknown> = {};
    if (query.category) filter.category_id = query.category;
    if (query.rating) filter.ratingAverage = { $gte: query.rating };
    if (query.q) {
      const pattern = { $regex: escapeRegExp(query.q), $options: 'i' };
      filter.$or = [{ title: pattern }, { details: pattern }];
    }
    const [items, total] = await Promise.all([
      this.services
        .find(filter, DTO_FIELDS)
        .sort(sorts[query.sort])
        .skip(query.offset)
        .limit(query.limit)
        .lean<StoredService[]>()
        .exec(),
      this.services.countDocuments(filter).exec(),
    ]);
    return { items: items.map(toServiceDto), total, limit: query.limit, offset: query.offset };
  }

  /** The newest few, for the home page. */
  forHome(): Promise<ServiceDto[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:home', async () => {
      const items = await this.services
        .find({}, DTO_FIELDS)
        .sort(sorts.newest)
        .limit(HOME_SERVICE_COUNT)
        .lean<StoredService[]>()
        .exec();
      return items.map(toServiceDto);
    });
  }

  /** Every category in use with its number of services, by name, for the category filter. */
  categories(): Promise<CategoryDto[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:categories', async () => {
      const groups = await this.services
        .aggregate<{ _id: string; count: number }>([
          { $group: { _id: '$category_id', count: { $sum: 1 } } },
          { $sort: { _id: 1 } },
        ])
        .exec();
      return groups.map((group) => ({ category_id: group._id, count: group.count }));
    });
  }

  async get(id: string): Promise<ServiceDto> {
    const service = await this.find(id);
    if (!service) throw new ApiError(404, 'No service has this id.');
    return service;
  }

  /** The service from the read cache, or null when no service has this id. */
  private find(id: string): Promise<ServiceDto | null> {
    return this.cache.read([serviceScope(id)], serviceScope(id), async () => {
      const stored = await this.services.findById(id, DTO_FIELDS).lean<StoredService>().exec();
      return stored && toServiceDto(stored);
    });
  }

  async create(dto: CreateServiceDto, owner: AuthUser): Promise<ServiceDto> {
    try {
      const created = toServiceDto(
        (await this.services.create({ ...dto, ownerId: owner.id })).toObject() as StoredService,
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
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'A service with this title already exists.', 'DUPLICATE_SERVICE');
      }
      throw error;
    }
  }

  /**
   * The service's title and owner, or null when no service has this id: read once per process,
   * as a review's write and its event's notifications need them and the counters' changes do not
   * touch them.
   */
  async identity(id: string): Promise<ServiceIdentity | null> {
    const known = this.identities.get(id);
    if (known) return known;
    const stored = await this.services
      .findById(id, { title: 1, ownerId: 1 })
      .lean<ServiceIdentity>()
      .exec();
    if (!stored) return null;
    const identity = {
      title: stored.title,
      ...(stored.ownerId ? { ownerId: stored.ownerId } : {}),
    };
    this.identities.set(id, identity);
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
    const applied = await this.atomic.modify<StoredService>(this.model, serviceId, (current) => {
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
    const counters = await this.services
      .findById(id, { ratingCount: 1, ratingStars: 1 })
      .lean<RatingCounters>()
      .exec();
    if (!counters) return 0;
    if (!stars) return counters.ratingCount ?? 0;
    return counters.ratingStars?.[`s${stars}` as keyof RatingCounters['ratingStars']] ?? 0;
  }
}

import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { fairScore, priorOf, type ScorePrior } from '../ratings/fair-score';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import { ratingSummary } from '../ratings/ratings';
import { SERVICE_SORT_ORDERS } from './service-listing.schema';
import { ServicesRepository, type StoredService } from './services.repository';
import { categoryCountsOf, listedIdsOf, pageOf, type Catalogue } from './service-catalogue';
import { SiteRatingTotals } from './site-rating-totals';
import type { CategoryDto, ServiceFacts, ServiceQueryDto } from './service.dto';
import { Lru } from '../common/read-cache/lru';
import { replySummary } from './reply-counters';
import { ServiceAlertsRepository } from './service-alerts.repository';
import { verifiedSummary } from './verified-counters';

/** How many services the home page shows (`GET /servicelimit`). */
export const HOME_SERVICE_COUNT = 3;

/** A service's title and owner: set when it is added; the owner changes when a claim is approved. */
export interface ServiceIdentity {
  title: string;
  ownerId?: string;
  /** False while a screening holds it: nobody reviews it until an admin lists it. */
  listed: boolean;
}

/**
 * How many services' identities each process keeps: those of listed services. Their titles never
 * change; an approved claim changes the owner, which the deciding process forgets at once and the
 * others read again within SERVICES_REREAD_MS (a held one is read again until an admin lists it).
 */
const IDENTITIES_KEPT = 20_000;
/** How often every process reads the services again, and how many (see onApplicationBootstrap). */
const SERVICES_REREAD_MS = 60_000;
const SERVICES_REREAD = 2000;

/** What the public lists of services depend on; one service's page depends on its own. */
export const SERVICES_SCOPE = 'services';

export function serviceScope(id: string): string {
  return `service:${id.toLowerCase()}`;
}

const sorts = SERVICE_SORT_ORDERS;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function toServiceDto(
  stored: StoredService,
  prior: ScorePrior,
  settings: AppConfig['score'],
): ServiceFacts {
  const score = fairScore(stored, prior, settings);
  return {
    _id: String(stored._id),
    category_id: stored.category_id,
    regions: stored.regions ?? [],
    title: stored.title,
    price: stored.price,
    image: stored.image,
    details: stored.details,
    ...(stored.ownerId ? { ownerId: stored.ownerId } : {}),
    ...(stored.website ? { website: stored.website } : {}),
    ...(stored.contactEmail ? { contactEmail: stored.contactEmail } : {}),
    ...(stored.contactPhone ? { contactPhone: stored.contactPhone } : {}),
    ...(stored.claimedAt ? { claimedAt: stored.claimedAt } : {}),
    ...(stored.screening ? { screening: stored.screening } : {}),
    createdAt: stored.createdAt,
    rating: ratingSummary(stored),
    score: {
      value: score === null ? null : round2(score),
      priorMean: round2(prior.mean),
      priorWeight: settings.priorWeight,
      halfLifeDays: settings.halfLifeDays,
    },
    replies: replySummary(stored, stored.ratingCount ?? 0),
    verified: verifiedSummary(stored, stored.ratingCount ?? 0),
  };
}

/**
 * The services people review: their catalogue, as the API answers it, and who owns each. Adding
 * and screening them is ServiceSubmissions'; their rating counters are ServiceCounters'.
 */
@Injectable()
export class ServicesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ServicesService.name);
  private readonly reread = new PeriodicTask(
    'services not read again',
    SERVICES_REREAD_MS,
    () => this.rereadAll(),
    this.logger,
  );
  private readonly identities = new Lru<ServiceIdentity>(IDENTITIES_KEPT, Number.POSITIVE_INFINITY);

  constructor(
    private readonly services: ServicesRepository,
    private readonly alerts: ServiceAlertsRepository,
    private readonly siteRatings: SiteRatingTotals,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The score's prior: the site-wide mean as this process knows it (SiteRatingTotals). */
  private async prior(): Promise<ScorePrior> {
    return priorOf(await this.siteRatings.totals());
  }

  /** The services as the API answers them, each with its fair score against today's prior. */
  async toDtos(stored: StoredService[]): Promise<ServiceFacts[]> {
    const prior = await this.prior();
    return stored.map((service) => toServiceDto(service, prior, this.config.score));
  }

  list(query: ServiceQueryDto): Promise<Page<ServiceFacts>> {
    return this.cache.read([SERVICES_SCOPE], cacheKey('services', query), () =>
      this.findPage(query),
    );
  }

  private async findPage(query: ServiceQueryDto): Promise<Page<ServiceFacts>> {
    // Lowest rated means lowest among those rated: an unreviewed service has no rating to rank.
    const { items, total } = pageOf(
      await this.catalogue(),
      { ...query, reviewedOnly: query.sort === 'rating_asc' },
      sorts[query.sort],
      query.offset,
      query.limit,
    );
    return { items: await this.toDtos(items), total, limit: query.limit, offset: query.offset };
  }

  /** The listed services, read once per change of any (the lists' scope). */
  private catalogue(): Promise<Catalogue> {
    return this.cache.read([SERVICES_SCOPE], 'services:catalogue', () => this.services.catalogue());
  }

  /**
   * The best-rated few, for the home page: by their fair score, which weighs the stars by how
   * many (and how recent) reviews give them, so one five-star review does not outrank many.
   */
  forHome(): Promise<ServiceFacts[]> {
    return this.cache.read([SERVICES_SCOPE], 'services:home', async () => {
      const { items } = pageOf(await this.catalogue(), {}, sorts.top_rated, 0, HOME_SERVICE_COUNT);
      return this.toDtos(items);
    });
  }

  /** Every category in use with its number of services, by name, for the category filter. */
  async categories(): Promise<CategoryDto[]> {
    return categoryCountsOf(await this.catalogue()).map((group) => ({
      category_id: group._id,
      count: group.count,
    }));
  }

  /** Every listed service's id (the sitemap). */
  async listedIds(): Promise<string[]> {
    return listedIdsOf(await this.catalogue());
  }

  async get(id: string): Promise<ServiceFacts> {
    const service = await this.find(id);
    if (!service) throw new ApiError(404, 'No service has this id.');
    return service;
  }

  /**
   * The service from the read cache, or null when no service has this id; with its open burst
   * alert, which opens and closes under the same scope.
   */
  find(id: string): Promise<ServiceFacts | null> {
    return this.cache.read([serviceScope(id)], serviceScope(id), async () => {
      const [stored, alert] = await Promise.all([
        this.services.findById(id),
        this.alerts.openOf(id),
      ]);
      if (!stored) return null;
      const [facts] = await this.toDtos([stored]);
      return alert ? { ...facts, burstAlertOpenedAt: alert.openedAt } : facts;
    });
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
    return stored && this.remember(id, stored);
  }

  /** Reads the service's identity again at its next use (its owner changed). */
  forgetIdentity(id: string): void {
    this.identities.delete(id);
  }

  /**
   * Reads every service at start-up and then every SERVICES_REREAD_MS (a small collection, one
   * read): their identities, and the copies their next counter changes start from, so the first
   * review of each service after a while does not read it first.
   */
  onApplicationBootstrap(): void {
    this.reread.start({ runNow: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reread.stop();
  }

  private async rereadAll(): Promise<void> {
    const all = await this.services.readAllAndRemember(SERVICES_REREAD);
    for (const stored of all) this.remember(String(stored._id), stored);
  }

  private remember(
    id: string,
    stored: { title: string; ownerId?: string; listed?: boolean },
  ): ServiceIdentity {
    const identity = {
      title: stored.title,
      ...(stored.ownerId ? { ownerId: stored.ownerId } : {}),
      listed: stored.listed !== false,
    };
    if (identity.listed) this.identities.set(id, identity);
    return identity;
  }
}

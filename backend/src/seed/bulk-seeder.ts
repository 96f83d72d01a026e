import { Inject, Injectable, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ScoreRefresh } from '../services/score-refresh';
import { SiteRatingTotals } from '../services/site-rating-totals';
import { MongooseModule } from '@nestjs/mongoose';
import { Types } from 'mongoose';
import { hashPassword } from '../auth/passwords';
import { ProgressBar } from '../cli/progress-bar';
import { ratingAverage, type RatingCounters } from '../ratings/ratings';
import { ReadCache } from '../common/read-cache/read-cache';
import { REVIEWS_SCOPE } from '../reviews/review-scopes';
import { ReviewTimelines } from '../reviews/store/review-timelines';
import { ServiceReviewLists } from '../reviews/store/service-review-lists';
import { Review, ReviewSchema } from '../reviews/review.schema';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { SERVICES_SCOPE } from '../services/services.service';
import { SERVICE_MODELS } from '../services/service-listing.schema';
import { ServicesRepository } from '../services/services.repository';
import { Identity, IdentitySchema, User, UserSchema } from '../users/user.schema';
import { UsersRepository } from '../users/users.repository';
import {
  type BulkReview,
  type BulkService,
  bulkServices,
  bulkUsers,
  ratingCountersOf,
  reviewCounts,
  seededRandom,
  serviceReviews,
  type BulkSizes,
} from './bulk-data';

/** Documents per insertMany; unordered, and this many batches in flight at once. */
const BATCH = 2000;
const BATCHES_IN_FLIGHT = 2;
/** Every generated user signs in with this password. */
export const BULK_USER_PASSWORD = 'bulk-user-password';

/** Turns `{'ratingStars.s5': 3, ratingCount: 3}` into the nested fields a service stores. */
function counterFields(flat: Record<string, number>): RatingCounters {
  const nested: Record<string, unknown> = {
    ratingCount: 0,
    ratingSum: 0,
    ratingStars: {},
    criteriaSums: {},
    criteriaCounts: {},
  };
  for (const [field, amount] of Object.entries(flat)) {
    const [parent, child] = field.split('.');
    if (child) (nested[parent] as Record<string, number>)[child] = amount;
    else nested[parent] = amount;
  }
  return nested as RatingCounters;
}

/**
 * Writes generated users, services and reviews through the repositories, in batches. Service
 * rating counters are computed from the generated reviews, so they match what the API would
 * have counted. Review events are not produced: this is data for load tests, not history.
 */
@Injectable()
export class BulkSeeder {
  constructor(
    private readonly users: UsersRepository,
    private readonly services: ServicesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly cache: ReadCache,
    private readonly timelines: ReviewTimelines,
    private readonly scores: ScoreRefresh,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Adds `sizes.users` users, `sizes.services` services and `sizes.reviews` reviews of them. With
   * `grow`, adds no services: the reviews go to the services already there (the most reviewed
   * first, on the same long tail), by the new users, and their counters are raised to match.
   * Run it while nothing else writes reviews of those services.
   */
  async seed(
    sizes: BulkSizes,
    seed = Date.now(),
    options: { grow?: boolean } = {},
  ): Promise<BulkSizes> {
    const random = seededRandom(seed);
    const tag = seed.toString(36);
    const now = new Date();

    const users = bulkUsers(sizes.users, tag, random);
    const userIds = users.map(() => new Types.ObjectId());
    const passwordHash = await hashPassword(BULK_USER_PASSWORD);
    await this.inBatches('users', users, BATCHES_IN_FLIGHT, (batch) =>
      this.users.insertBatch(
        batch.map((user) => ({
          _id: userIds[user.index],
          email: user.email,
          displayName: user.displayName,
          passwordHash,
          emailVerified: true,
          role: 'user' as const,
        })),
      ),
    );

    let services: BulkService[];
    let serviceIds: string[];
    let reviewsByService: BulkReview[][];
    if (options.grow) {
      const existing = await this.services.allByReviewCount();
      if (existing.length === 0) throw new Error('--grow needs services to add reviews to.');
      services = existing.map((service, index) => ({
        index,
        title: service.title,
        createdAt: service.createdAt ?? new Date(now.getTime() - 365 * 86_400_000),
      })) as BulkService[];
      serviceIds = existing.map((service) => String(service._id));
      const counts = reviewCounts({ ...sizes, services: services.length }, random);
      reviewsByService = services.map((service) =>
        serviceReviews(service, counts[service.index], sizes.users, random, now),
      );
    } else {
      services = bulkServices(sizes.services, tag, random, now);
      serviceIds = services.map(() => String(new Types.ObjectId()));
      const counts = reviewCounts(sizes, random);
      reviewsByService = services.map((service) =>
        serviceReviews(service, counts[service.index], sizes.users, random, now),
      );
      await this.inBatches('services', services, BATCHES_IN_FLIGHT, (batch) =>
        this.services.insertBatch(
          batch.map((service) => {
            const counters = counterFields(
              ratingCountersOf(reviewsByService[service.index], this.config.score.halfLifeDays),
            );
            return {
              ...service,
              _id: new Types.ObjectId(serviceIds[service.index]),
              ...counters,
              ratingAverage: ratingAverage(counters),
            };
          }),
        ),
      );
    }

    const reviews = reviewsByService.flat();
    // The seed places every review it writes: timelines whole before it stay whole after it.
    const whole = (await this.timelines.isMarkedWhole()) || !(await this.reviews.any());
    // Schema defaults fill in the rest (no pending events: these reviews are settled).
    await this.inBatches('reviews', reviews, BATCHES_IN_FLIGHT, async (batch) =>
      this.timelines.place(
        await this.reviews.insertBatch(
          batch.map((review) => {
            const user = users[review.user];
            return {
              title: services[review.service].title,
              details: review.details,
              serviceID: review.serviceID,
              service: serviceIds[review.service],
              rating: review.rating,
              criteria: review.criteria,
              authorId: String(userIds[review.user]),
              reviewUser: user.displayName,
              email: user.email,
              status: review.status,
              moderationReasons: review.status === 'flagged' ? ['POSTING_TOO_FAST'] : [],
              createdAt: review.createdAt,
              updatedAt: review.createdAt,
            };
          }),
        ),
      ),
    );
    if (whole) await this.timelines.markWhole();
    if (options.grow) await this.raiseCounters(serviceIds, reviewsByService);
    // The site-wide totals and every fair score, from the counters just written.
    await this.scores.run();
    // New services have no cached reviews yet; lists of all services and reviews change.
    await this.cache.invalidate(SERVICES_SCOPE, REVIEWS_SCOPE);
    return {
      users: users.length,
      services: options.grow ? 0 : services.length,
      reviews: reviews.length,
    };
  }

  /** Adds the new reviews to their services' counters and sets the average (scores follow). */
  private async raiseCounters(serviceIds: string[], reviewsByService: BulkReview[][]) {
    const changed = serviceIds
      .map((id, index) => ({
        id,
        increments: ratingCountersOf(reviewsByService[index], this.config.score.halfLifeDays),
      }))
      .filter((each) => Object.keys(each.increments).length > 0);
    const progress = new ProgressBar('counters', changed.length);
    for (const { id, increments } of changed) {
      await this.services.addToCounters(id, increments, (after) => ({
        ratingAverage: ratingAverage(after),
      }));
      progress.advance(1);
    }
  }

  private async inBatches<T>(
    label: string,
    items: T[],
    inFlight: number,
    insert: (batch: T[]) => Promise<unknown>,
  ): Promise<void> {
    const progress = new ProgressBar(label.padEnd(8), items.length);
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const batch = items.slice(next, next + BATCH);
        next += batch.length;
        await insert(batch);
        progress.advance(batch.length);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
  }
}

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      ...SERVICE_MODELS,
      { name: Identity.name, schema: IdentitySchema },
      { name: Review.name, schema: ReviewSchema },
    ]),
  ],
  providers: [
    BulkSeeder,
    UsersRepository,
    ServicesRepository,
    ReviewsRepository,
    ReviewTimelines,
    ServiceReviewLists,
    SiteRatingTotals,
    ScoreRefresh,
  ],
})
export class BulkSeedModule {}

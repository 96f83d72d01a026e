import { Injectable, Module } from '@nestjs/common';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { hashPassword } from '../auth/passwords';
import { ProgressBar } from '../cli/progress-bar';
import { ratingAverage, ratingScore, type RatingCounters } from '../ratings/ratings';
import { ReadCache } from '../common/read-cache/read-cache';
import { REVIEWS_SCOPE } from '../reviews/review-book';
import { ReviewTimelines } from '../reviews/review-timelines';
import { Review, ReviewSchema } from '../reviews/review.schema';
import { SERVICES_SCOPE } from '../services/service-catalog';
import { ServiceListing, ServiceListingSchema } from '../services/service-listing.schema';
import { User, UserSchema } from '../users/user.schema';
import {
  bulkServices,
  bulkUsers,
  ratingCountersOf,
  reviewCounts,
  seededRandom,
  serviceReviews,
  type BulkSizes,
} from './bulk-data';

const BATCH = 1000;
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
 * Writes generated users, services and reviews through the app's models, in batches. Service
 * rating counters are computed from the generated reviews, so they match what the API would
 * have counted. Review events are not produced: this is data for load tests, not history.
 */
@Injectable()
export class BulkSeeder {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(ServiceListing.name) private readonly services: Model<ServiceListing>,
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly cache: ReadCache,
    private readonly timelines: ReviewTimelines,
  ) {}

  async seed(sizes: BulkSizes, seed = Date.now()): Promise<BulkSizes> {
    const random = seededRandom(seed);
    const tag = seed.toString(36);
    const now = new Date();

    const users = bulkUsers(sizes.users, tag, random);
    const userIds = users.map(() => new Types.ObjectId());
    const passwordHash = await hashPassword(BULK_USER_PASSWORD);
    await this.inBatches('users', users, (batch) =>
      this.users.insertMany(
        batch.map((user) => ({
          _id: userIds[user.index],
          email: user.email,
          displayName: user.displayName,
          passwordHash,
          emailVerified: true,
        })),
      ),
    );

    const services = bulkServices(sizes.services, tag, random, now);
    const serviceIds = services.map(() => new Types.ObjectId());
    const counts = reviewCounts(sizes, random);
    const reviewsByService = services.map((service) =>
      serviceReviews(service, counts[service.index], sizes.users, random, now),
    );
    await this.inBatches('services', services, (batch) =>
      this.services.insertMany(
        batch.map((service) => {
          const counters = counterFields(ratingCountersOf(reviewsByService[service.index]));
          return {
            ...service,
            _id: serviceIds[service.index],
            ...counters,
            ratingAverage: ratingAverage(counters),
            ratingScore: ratingScore(counters),
          };
        }),
      ),
    );

    const reviews = reviewsByService.flat();
    await this.inBatches('reviews', reviews, async (batch) =>
      this.timelines.place(
        await this.reviews.insertMany(
          batch.map((review) => {
            const user = users[review.user];
            return {
              title: services[review.service].title,
              details: review.details,
              serviceID: review.serviceID,
              service: String(serviceIds[review.service]),
              rating: review.rating,
              criteria: review.criteria,
              authorId: String(userIds[review.user]),
              reviewUser: user.displayName,
              email: user.email,
              status: review.status,
              moderationReasons: review.status === 'flagged' ? ['velocity'] : [],
              createdAt: review.createdAt,
              updatedAt: review.createdAt,
            };
          }),
        ),
      ),
    );
    // New services have no cached reviews yet; lists of all services and reviews change.
    await this.cache.invalidate(SERVICES_SCOPE, REVIEWS_SCOPE);
    return { users: users.length, services: services.length, reviews: reviews.length };
  }

  private async inBatches<T>(
    label: string,
    items: T[],
    insert: (batch: T[]) => Promise<unknown>,
  ): Promise<void> {
    const progress = new ProgressBar(label.padEnd(8), items.length);
    for (let start = 0; start < items.length; start += BATCH) {
      const batch = items.slice(start, start + BATCH);
      await insert(batch);
      progress.advance(batch.length);
    }
  }
}

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: ServiceListing.name, schema: ServiceListingSchema },
      { name: Review.name, schema: ReviewSchema },
    ]),
  ],
  providers: [BulkSeeder, ReviewTimelines],
})
export class BulkSeedModule {}

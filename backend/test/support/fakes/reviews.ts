import { ReadCache } from '../../../src/common/read-cache/read-cache';
import { InvitationsService } from '../../../src/invitations/invitations.service';
import { HelpfulVotesService } from '../../../src/reviews/helpful-votes.service';
import { ReviewCreates } from '../../../src/reviews/store/review-creates';
import { ReviewSettlement } from '../../../src/reviews/store/review-settlement';
import { ReviewTimelines } from '../../../src/reviews/store/review-timelines';
import { ReviewsRepository, type StoredReview } from '../../../src/reviews/reviews.repository';
import { ReviewLists } from '../../../src/reviews/review-lists';
import { ReviewReads } from '../../../src/reviews/review-reads';
import { ReviewViews } from '../../../src/reviews/review-views';
import { ReviewWrites } from '../../../src/reviews/review-writes';
import { ReviewStore } from '../../../src/reviews/store/review-store';
import { isPublic, ServiceReviewLists } from '../../../src/reviews/store/service-review-lists';
import { ServicesService, type ServiceIdentity } from '../../../src/services/services.service';
import { ServiceAlerts } from '../../../src/services/service-alerts';
import { UsersService } from '../../../src/users/users.service';
import { ComputingReadCache, KnownServices } from './collaborators';
import { InMemoryReviewsRepository } from './reviews-repository';
import { newTestService, standIn, unusedHere } from './test-service';

/** The settlement, keeping each review as written instead of settling its events. */
class RecordingSettlement implements Pick<ReviewSettlement, 'settleWritten'> {
  readonly settled: StoredReview[] = [];

  async settleWritten(review: StoredReview) {
    this.settled.push(review);
  }
}

/** Which reviews each user marked helpful. */
class HelpfulMarks implements Pick<HelpfulVotesService, 'markedBy'> {
  constructor(private readonly marks: Record<string, string[]> = {}) {}

  async markedBy(voterId: string, reviewIds: string[]) {
    const marked = this.marks[voterId] ?? [];
    return new Set(reviewIds.filter((id) => marked.includes(id)));
  }
}

/**
 * A service's lists as ServiceReviewLists keeps them, made from the stored reviews: its public
 * reviews in stored order (no sorting or filtering), and its entries.
 */
class ListsOfStoredReviews implements Pick<ServiceReviewLists, 'page' | 'entries'> {
  constructor(private readonly reviews: InMemoryReviewsRepository) {}

  async page(service: string) {
    const ids = this.ofService(service)
      .filter(isPublic)
      .map((review) => String(review._id));
    return { ids, total: ids.length };
  }

  async entries(service: string) {
    return this.ofService(service)
      .filter((review) => review.status !== 'deleted')
      .map((review) => ({
        _id: String(review._id),
        status: review.status,
        ...(review.removal ? { removal: true as const } : {}),
        rating: review.rating,
        createdAt: review.createdAt.getTime(),
        helpfulCount: review.helpfulCount ?? 0,
        authorId: review.authorId,
        moderationReasons: review.moderationReasons,
        title: review.title,
        details: review.details,
      }));
  }

  private ofService(service: string) {
    return this.reviews.documents.all().filter((review) => review.service === service);
  }
}

interface ReviewsWorld {
  reviews?: StoredReview[];
  services?: Record<string, ServiceIdentity>;
  /** Review ids each user marked helpful. */
  helpful?: Record<string, string[]>;
}

/**
 * The real review classes and their ReviewStore over reviews in memory: writes are kept, with
 * their events, and recorded as settled; the lists, the services and the helpful marks are the
 * world's.
 * `providers` offers them to a service under test that injects them.
 */
export async function newReviews(world: ReviewsWorld = {}) {
  const repository = new InMemoryReviewsRepository(world.reviews);
  const settlement = new RecordingSettlement();
  const services = standIn(ServicesService, new KnownServices(world.services));
  const serviceLists = standIn(ServiceReviewLists, new ListsOfStoredReviews(repository));
  const views = await newTestService(ReviewViews, [
    services,
    standIn(HelpfulVotesService, new HelpfulMarks(world.helpful)),
  ]);
  const stored = standIn(ReviewsRepository, repository);
  const seen = standIn(ReviewViews, views);
  const store = standIn(
    ReviewStore,
    await newTestService(ReviewStore, [
      stored,
      serviceLists,
      standIn(ReviewSettlement, settlement),
      unusedHere(ReviewCreates),
      unusedHere(ReviewTimelines),
    ]),
  );
  const lists = await newTestService(ReviewLists, [
    stored,
    seen,
    store,
    standIn(ReadCache, new ComputingReadCache()),
    unusedHere(UsersService),
  ]);
  const reads = await newTestService(ReviewReads, [stored, seen, store]);
  const writes = await newTestService(ReviewWrites, [
    store,
    services,
    unusedHere(InvitationsService),
    unusedHere(ServiceAlerts),
  ]);
  const providers = [
    seen,
    standIn(ReviewLists, lists),
    standIn(ReviewReads, reads),
    standIn(ReviewWrites, writes),
  ];
  return { views, lists, reads, writes, providers, repository, settled: settlement.settled };
}

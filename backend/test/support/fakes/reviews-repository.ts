import type { Changes } from '../../../src/common/atomic-writes/atomic-documents';
import type { ReviewsRepository, StoredReview } from '../../../src/reviews/reviews.repository';
import { InMemoryDocuments } from './documents';

type UsedByReviewClasses =
  'findById' | 'publicById' | 'ofAuthor' | 'latestOfAuthor' | 'waiting' | 'modify';

/**
 * The reviews ReviewLists, ReviewReads and ReviewWrites read and write, in memory. Reads answer whole documents (the real
 * projections leave out fields the service does not show anyway); `modify` is AtomicDocuments'.
 */
export class InMemoryReviewsRepository implements Pick<ReviewsRepository, UsedByReviewClasses> {
  readonly documents = new InMemoryDocuments<StoredReview>();

  constructor(reviews: StoredReview[] = []) {
    for (const review of reviews) this.documents.insert(review);
  }

  async findById(id: string) {
    return this.documents.get(id);
  }

  async publicById(id: string) {
    return this.documents.get(id);
  }

  async ofAuthor(authorId: string) {
    return this.documents.all().filter((review) => review.authorId === authorId);
  }

  async latestOfAuthor(authorId: string, limit: number) {
    const newestFirst = (await this.ofAuthor(authorId)).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    return newestFirst.slice(0, limit);
  }

  /** Reviews with the key set, least recently changed first. */
  async waiting(key: 'reported' | 'appealOpen') {
    return this.documents
      .all()
      .filter((review) => review[key] === true)
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
  }

  async modify(id: string, decide: (current: StoredReview) => Changes) {
    return this.documents.modify(id, decide);
  }
}

import type { StoredReview } from '../reviews/reviews.repository';
import { InMemoryAuthorHistories } from '../../test/support/fakes/author-histories';
import { authUser, reviewEvent, storedReview } from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import { newTestService, standIn } from '../../test/support/fakes/test-service';
import { AuthorActivity } from './author-activity';
import { AuthorHistories, type ActivityEntry } from '../moderation/author-histories';
import { textTag } from '../moderation/moderation-rules';
import { ReviewScreening } from './review-screening';

const author = authUser('author');
const admin = authUser('admin', 'admin');

const CLEAN = 'The courier arrived on time and the parcel was intact.';
const SHOUTED = 'THE COURIER LOST MY PARCEL AND NOBODY ANSWERED';

/** The real ReviewScreening and AuthorActivity, over reviews and authors' histories in memory. */
async function screeningWith(...reviews: StoredReview[]) {
  const histories = new InMemoryAuthorHistories();
  const built = await newReviews({ reviews });
  const screening = await newTestService(ReviewScreening, [
    AuthorActivity,
    standIn(AuthorHistories, histories),
    ...built.providers,
  ]);
  return { screening, histories, reviews: built.repository.documents };
}

/** The author's entry of a review of `service` with these details, created `createdAt`. */
function entry(reviewId: string, service: string, details: string, createdAt = 0): ActivityEntry {
  return { reviewId, at: createdAt, createdAt, service, textTag: textTag(details) };
}

const created = (review: StoredReview) => reviewEvent('review.created', author, review);

describe('ReviewScreening', () => {
  it('flags a new review that breaks a rule, as the system, with the reasons', async () => {
    const review = storedReview({ details: SHOUTED });
    const { screening, reviews } = await screeningWith(review);
    await expect(screening.screen(created(review))).resolves.toEqual(['ALL_CAPS']);

    const stored = reviews.get('r1')!;
    expect(stored).toMatchObject({ status: 'flagged', moderationReasons: ['ALL_CAPS'] });
    expect(stored.pendingEvents.map((event) => `${event.type} by ${event.actor.id}`)).toEqual([
      'review.moderated by system',
    ]);
  });

  it('leaves a clean review published', async () => {
    const review = storedReview({ details: CLEAN });
    const { screening, reviews } = await screeningWith(review);
    await expect(screening.screen(created(review))).resolves.toEqual([]);
    expect(reviews.get('r1')).toMatchObject({ status: 'published', pendingEvents: [] });
  });

  it("screens an author's edit of the text, not an admin's, nor an edit of other fields", async () => {
    const before = storedReview({ details: CLEAN });
    const shouted = storedReview({ details: SHOUTED });
    const { screening, reviews } = await screeningWith(shouted);

    const byAdmin = reviewEvent('review.updated', admin, shouted, before);
    await expect(screening.screen(byAdmin)).resolves.toEqual([]);
    const ratingOnly = reviewEvent('review.updated', author, { ...shouted, rating: 1 }, shouted);
    await expect(screening.screen(ratingOnly)).resolves.toEqual([]);
    expect(reviews.get('r1')!.status).toBe('published');

    const byAuthor = reviewEvent('review.updated', author, shouted, before);
    await expect(screening.screen(byAuthor)).resolves.toEqual(['ALL_CAPS']);
    expect(reviews.get('r1')!.status).toBe('flagged');
  });

  it('screens only a review its event left published, and flags only one still published', async () => {
    const held = storedReview({ details: SHOUTED, status: 'flagged' });
    const takenDown = storedReview({ _id: 'r2', details: SHOUTED, status: 'rejected' });
    const { screening, reviews } = await screeningWith(held, takenDown);

    await expect(screening.screen(created(held))).resolves.toEqual([]);
    // Its event's copy was published; an admin took it down since: the decision stands.
    const published = { ...takenDown, status: 'published' as const };
    await expect(screening.screen(created(published))).resolves.toEqual(['ALL_CAPS']);
    expect(reviews.get('r2')).toMatchObject({ status: 'rejected', pendingEvents: [] });
  });

  it("flags the author's text repeated from their review of another service", async () => {
    const review = storedReview({ details: CLEAN });
    const { screening, histories } = await screeningWith(review);
    await histories.fill(author.id, [
      entry('elsewhere', 's2', CLEAN),
      entry('same', 's1', SHOUTED),
    ]);
    await expect(screening.screen(created(review))).resolves.toEqual(['DUPLICATE_TEXT']);
  });

  it('flags the sixth review by one author within ten minutes', async () => {
    const now = Date.now();
    const review = storedReview({ details: CLEAN, createdAt: new Date(now) });
    const { screening, histories } = await screeningWith(review);
    const recent = [1, 2, 3, 4, 5].map((n) => entry(`r${n + 1}`, 's1', `Review ${n}`, now - n));
    await histories.fill(author.id, recent);
    await expect(screening.screen(created(review))).resolves.toEqual(['POSTING_TOO_FAST']);
  });

  it("rebuilds a history Redis does not hold from the author's latest stored reviews", async () => {
    const earlier = storedReview({ _id: 'earlier', service: 's2', details: CLEAN });
    const review = storedReview({ details: CLEAN, createdAt: new Date(1000) });
    const { screening, histories } = await screeningWith(earlier, review);

    await expect(screening.screen(created(review))).resolves.toEqual(['DUPLICATE_TEXT']);
    expect([...(histories.histories.get(author.id)?.keys() ?? [])].sort()).toEqual([
      'earlier',
      'r1',
    ]);
  });

  it("keeps the author's history from every review event: a deleted review repeats nothing", async () => {
    const deleted = storedReview({ _id: 'elsewhere', service: 's2', details: CLEAN });
    const review = storedReview({ details: CLEAN });
    const { screening, histories } = await screeningWith(review);
    await histories.fill(author.id, [entry('elsewhere', 's2', CLEAN)]);

    await expect(
      screening.screen(reviewEvent('review.deleted', author, null, deleted)),
    ).resolves.toEqual([]);
    await expect(screening.screen(created(review))).resolves.toEqual([]);
  });
});

import { SYSTEM_ACTOR } from '../events/review-events';
import { authUser, serviceIdentity, storedReview } from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import { expectRefused } from '../../test/support/refusals';
import type { StoredReview } from './reviews.repository';

const author = authUser('author');
const owner = authUser('owner');
const stranger = authUser('stranger');
const admin = authUser('admin', 'admin');

/** Service s1 was added by `owner`. */
async function reviewsWith(stored: StoredReview) {
  const { writes, repository, settled } = await newReviews({
    reviews: [stored],
    services: { s1: serviceIdentity({ ownerId: owner.id }) },
  });
  return { service: writes, reviews: repository.documents, settled };
}

describe('ReviewWrites rules', () => {
  it('lets the author and an admin edit a review, and nobody else', async () => {
    const { service, reviews, settled } = await reviewsWith(storedReview());
    await expectRefused(service.update('r1', { rating: 1 }, stranger), 403);
    expect(reviews.get('r1')!.rating).toBe(4);

    await service.update('r1', { rating: 2 }, author);
    await service.update('r1', { title: 'Checked' }, admin);
    const stored = reviews.get('r1')!;
    expect(stored).toMatchObject({ rating: 2, title: 'Checked', pending: true });
    expect(stored.pendingEvents.map((event) => event.type)).toEqual([
      'review.updated',
      'review.updated',
    ]);
    expect(settled).toHaveLength(2);
  });

  it('refuses an edit that changes nothing, and any change of a deleted or missing review', async () => {
    const { service } = await reviewsWith(storedReview({ status: 'deleted' }));
    await expectRefused(service.update('r1', {}, author), 400);
    await expectRefused(service.update('r1', { rating: 3 }, author), 404);
    await expectRefused(service.delete('r1', author), 404);
    await expectRefused(service.update('nope', { rating: 3 }, author), 404);
  });

  it('deletes by marking the review deleted, with its event, for the author only', async () => {
    const { service, reviews } = await reviewsWith(storedReview());
    await expectRefused(service.delete('r1', stranger), 403);
    await service.delete('r1', author);
    const stored = reviews.get('r1')!;
    expect(stored.status).toBe('deleted');
    expect(stored.pendingEvents[0]).toMatchObject({ type: 'review.deleted', after: null });
  });

  it('moves the status only from the statuses a decision names, so a retry changes nothing', async () => {
    const { service, reviews, settled } = await reviewsWith(storedReview());
    const flag = { from: ['published' as const], to: 'flagged' as const, reasons: ['ALL_CAPS'] };
    expect(await service.changeStatus('r1', flag, SYSTEM_ACTOR)).toMatchObject({
      status: 'flagged',
      moderationReasons: ['ALL_CAPS'],
    });
    expect(await service.changeStatus('r1', flag, SYSTEM_ACTOR)).toBeNull();
    expect(settled).toHaveLength(1);

    const reject = { from: ['flagged' as const], to: 'rejected' as const, note: 'Spam.' };
    await service.changeStatus('r1', reject, { ...SYSTEM_ACTOR, role: 'admin' });
    const approve = { from: ['flagged' as const, 'rejected' as const], to: 'published' as const };
    const approved = await service.changeStatus('r1', approve, SYSTEM_ACTOR);
    // A decision without a note removes the older one.
    expect(approved).toMatchObject({ status: 'published' });
    expect(approved).not.toHaveProperty('moderationNote');
    expect(reviews.get('r1')!.pendingEvents).toHaveLength(3);
  });
});

import { EARLIER_DECISION } from '../auth/policy';
import type { StoredReview } from '../reviews/reviews.repository';
import {
  authUser,
  openAppeal,
  serviceIdentity,
  storedReview,
} from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import { expectRefused } from '../../test/support/refusals';
import { AppealsService } from './appeals.service';

const author = authUser('author');
const stranger = authUser('stranger');
const admin = authUser('admin', 'admin');

const held = storedReview({
  status: 'flagged',
  moderationReasons: ['ALL_CAPS'],
  decisionId: 'decision-1',
});
const removed = storedReview({
  status: 'rejected',
  decisionId: 'decision-1',
  removal: { reason: 'Spam.', at: new Date(0) },
  appeal: openAppeal({ decisionId: 'decision-1' }),
  appealOpen: true,
});

async function appealsWith(...reviews: StoredReview[]) {
  const { writes, reads, views, repository } = await newReviews({
    reviews,
    services: { s1: serviceIdentity({ ownerId: 'owner' }) },
  });
  return { appeals: new AppealsService(writes, reads, views), reviews: repository.documents };
}

const eventsOf = (review: StoredReview | null) =>
  (review?.pendingEvents ?? []).map((event) => ({ type: event.type, actor: event.actor.id }));

describe('AppealsService', () => {
  it("keeps the author's appeal of a held review on it, with its event, once per decision", async () => {
    const { appeals, reviews } = await appealsWith(held);
    const answer = await appeals.appeal('r1', { text: 'Caps are my style.' }, author);

    expect(answer.appeal).toMatchObject({ decisionId: 'decision-1', status: 'open' });
    expect(answer.permissions.appeal).toBe(false);
    expect(reviews.get('r1')).toMatchObject({
      appealOpen: true,
      appeal: { decisionId: 'decision-1', text: 'Caps are my style.', status: 'open' },
    });
    expect(eventsOf(reviews.get('r1'))).toEqual([{ type: 'review.appealed', actor: author.id }]);

    await expectRefused(
      appeals.appeal('r1', { text: 'Once more, please.' }, author),
      409,
      'ALREADY_APPEALED',
    );
    expect(reviews.get('r1')!.pendingEvents).toHaveLength(1);
  });

  it('refuses an appeal by anyone but the author, of a published review, and of none', async () => {
    const { appeals, reviews } = await appealsWith(held, storedReview({ _id: 'r2' }));
    const text = { text: 'Please look again.' };
    await expectRefused(appeals.appeal('r1', text, stranger), 403);
    await expectRefused(appeals.appeal('r1', text, admin), 403);
    await expectRefused(appeals.appeal('r2', text, author), 409, 'NOT_APPEALABLE');
    await expectRefused(appeals.appeal('nope', text, author), 404);
    expect(eventsOf(reviews.get('r1'))).toEqual([]);
    expect(eventsOf(reviews.get('r2'))).toEqual([]);
  });

  it('names the earlier decision when the review has no decision id', async () => {
    const { appeals } = await appealsWith(storedReview({ status: 'rejected' }));
    const answer = await appeals.appeal('r1', { text: 'It was fine.' }, author);
    expect(answer.appeal?.decisionId).toBe(EARLIER_DECISION);
  });

  it('takes an appeal of a new decision after an earlier appeal was decided', async () => {
    const decidedBefore = storedReview({
      status: 'flagged',
      decisionId: 'decision-2',
      appeal: openAppeal({ decisionId: 'decision-1', status: 'denied' }),
    });
    const { appeals, reviews } = await appealsWith(decidedBefore);
    await appeals.appeal('r1', { text: 'This decision is new.' }, author);
    expect(reviews.get('r1')!.appeal).toMatchObject({ decisionId: 'decision-2', status: 'open' });
  });

  it('queues the reviews whose appeal waits, least recently changed first, a page at a time', async () => {
    const { appeals } = await appealsWith(
      { ...removed, _id: 'later', updatedAt: new Date(2000) },
      { ...removed, _id: 'sooner', updatedAt: new Date(1000) },
      storedReview({ _id: 'calm' }),
    );
    const first = await appeals.queue({ offset: 0, limit: 1 }, admin);
    expect(first.items.map((item) => item._id)).toEqual(['sooner']);
    expect(first).toMatchObject({ total: 2, offset: 0, limit: 1 });
    // The admin sees the author's address and the appeal.
    expect(first.items[0]).toMatchObject({ email: author.email, appealOpen: true });
    const second = await appeals.queue({ offset: 1, limit: 1 }, admin);
    expect(second.items.map((item) => item._id)).toEqual(['later']);
  });

  it('restores the review on a granted appeal: published again, without its removal', async () => {
    const { appeals, reviews } = await appealsWith(removed);
    const after = await appeals.decide('r1', { outcome: 'restore', note: 'Fair point.' }, admin);

    expect(after).toMatchObject({ status: 'published', appealOpen: false });
    expect(after.appeal).toMatchObject({ status: 'granted', note: 'Fair point.' });
    expect(after.appeal?.decidedAt).toBeInstanceOf(Date);
    expect(after).not.toHaveProperty('removal');
    expect(after.decisionId).not.toBe('decision-1');
    expect(eventsOf(reviews.get('r1'))).toEqual([
      { type: 'review.appeal_decided', actor: admin.id },
    ]);
  });

  it('keeps the decision on a denied appeal, with no note unless one is given', async () => {
    const { appeals } = await appealsWith(removed);
    const after = await appeals.decide('r1', { outcome: 'keep' }, admin);
    expect(after).toMatchObject({
      status: 'rejected',
      decisionId: 'decision-1',
      appealOpen: false,
    });
    expect(after.appeal).toMatchObject({ status: 'denied' });
    expect(after.appeal).not.toHaveProperty('note');
  });

  it('refuses a decision when no appeal waits, and on a missing review', async () => {
    const { appeals, reviews } = await appealsWith(removed);
    await appeals.decide('r1', { outcome: 'keep' }, admin);
    await expectRefused(
      appeals.decide('r1', { outcome: 'restore' }, admin),
      409,
      'ALREADY_DECIDED',
    );
    expect(reviews.get('r1')!.status).toBe('rejected');
    await expectRefused(appeals.decide('nope', { outcome: 'keep' }, admin), 404);
  });
});

import type { StoredReview } from '../reviews/reviews.repository';
import { ServicesService } from '../services/services.service';
import { KnownServices } from '../../test/support/fakes/collaborators';
import { authUser, serviceIdentity, storedReview } from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import { newTestService, standIn } from '../../test/support/fakes/test-service';
import { expectRefused } from '../../test/support/refusals';
import { RepliesService } from './replies.service';

const author = authUser('author');
const owner = authUser('owner');
const stranger = authUser('stranger');
const admin = authUser('admin', 'admin');

/** s1 was added by `owner`; s2 has no owner on record. */
async function repliesWith(...reviews: StoredReview[]) {
  const services = {
    s1: serviceIdentity({ ownerId: owner.id }),
    s2: serviceIdentity({ title: 'Freight' }),
  };
  const built = await newReviews({ reviews, services });
  const replies = await newTestService(RepliesService, [
    ...built.providers,
    standIn(ServicesService, new KnownServices(services)),
  ]);
  return { replies, reviews: built.repository.documents };
}

const eventsOf = (review: StoredReview | null) =>
  (review?.pendingEvents ?? []).map((event) => `${event.type} by ${event.actor.id}`);

const text = (words: string) => ({ text: words });

describe('RepliesService', () => {
  it("keeps the owner's reply on the review with its event; the answer hides who wrote it", async () => {
    const { replies, reviews } = await repliesWith(storedReview());
    const answer = await replies.reply('r1', text('Thank you!'), owner);

    expect(reviews.get('r1')!.reply).toMatchObject({
      text: 'Thank you!',
      authorId: owner.id,
      versionCount: 0,
    });
    expect(eventsOf(reviews.get('r1'))).toEqual(['review.replied by owner']);
    expect(answer.reply).toMatchObject({ text: 'Thank you!', versionCount: 0 });
    expect(answer.reply).not.toHaveProperty('authorId');
    expect(answer.permissions.reply).toBe(true);
  });

  it("lets an admin reply for any service, and only the service's owner besides", async () => {
    const { replies, reviews } = await repliesWith(
      storedReview(),
      storedReview({ _id: 'r2', service: 's2' }),
    );
    await expectRefused(replies.reply('r1', text('Me too.'), author), 403);
    await expectRefused(replies.reply('r1', text('Me too.'), stranger), 403);
    // Nobody owns s2 on record: only admins answer for it.
    await expectRefused(replies.reply('r2', text('Hello.'), owner), 403);
    await replies.reply('r2', text('We are looking into it.'), admin);
    expect(eventsOf(reviews.get('r1'))).toEqual([]);
    expect(eventsOf(reviews.get('r2'))).toEqual(['review.replied by admin']);
  });

  it('replies once, and only to a published review', async () => {
    const { replies } = await repliesWith(
      storedReview(),
      storedReview({ _id: 'held', status: 'flagged' }),
    );
    await replies.reply('r1', text('Thanks.'), owner);
    await expectRefused(replies.reply('r1', text('Thanks again.'), owner), 409, 'ALREADY_REPLIED');
    await expectRefused(replies.reply('held', text('Thanks.'), owner), 404);
    await expectRefused(replies.reply('nope', text('Thanks.'), owner), 404);
  });

  it('keeps the text an edit replaces as an earlier version', async () => {
    const { replies, reviews } = await repliesWith(storedReview());
    await replies.reply('r1', text('First.'), owner);
    await replies.edit('r1', text('Second.'), owner);
    await replies.edit('r1', text('Third.'), admin);

    const stored = reviews.get('r1')!;
    expect(stored.reply).toMatchObject({ text: 'Third.', versionCount: 2 });
    expect(stored.replyVersions?.map((version) => version.text)).toEqual(['First.', 'Second.']);
    // The second version was written when the first edit was made.
    expect(stored.replyVersions?.[1].writtenAt).toEqual(stored.replyVersions?.[0].replacedAt);
    expect(eventsOf(stored)).toEqual([
      'review.replied by owner',
      'review.reply_edited by owner',
      'review.reply_edited by admin',
    ]);
  });

  it('writes nothing for an edit to the same text, and refuses one with no reply or by others', async () => {
    const { replies, reviews } = await repliesWith(storedReview());
    await expectRefused(replies.edit('r1', text('Nothing yet.'), owner), 404);
    await replies.reply('r1', text('Same.'), owner);

    const answer = await replies.edit('r1', text('Same.'), owner);
    expect(answer.reply?.text).toBe('Same.');
    expect(reviews.get('r1')!.pendingEvents).toHaveLength(1);
    await expectRefused(replies.edit('r1', text('Changed.'), stranger), 403);
  });

  it('answers the versions, the current one first, to anyone', async () => {
    const { replies } = await repliesWith(storedReview());
    await expectRefused(replies.history('r1'), 404);
    await replies.reply('r1', text('One.'), owner);
    await replies.edit('r1', text('Two.'), owner);
    await replies.edit('r1', text('Three.'), owner);

    const history = await replies.history('r1');
    expect(history.reviewId).toBe('r1');
    expect(history.versions.map((version) => version.text)).toEqual(['Three.', 'Two.', 'One.']);
    expect(history.versions[0]).not.toHaveProperty('replacedAt');
  });

  it('hides the versions of a review that is no longer published', async () => {
    const replied = storedReview({
      status: 'rejected',
      reply: { text: 'Sorry.', authorId: owner.id, createdAt: new Date(0), versionCount: 0 },
    });
    const { replies } = await repliesWith(replied);
    await expectRefused(replies.history('r1'), 404);
  });
});

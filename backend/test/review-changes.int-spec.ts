import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../src/events/review-events';
import { ReviewFeed } from '../src/review-feed/review-feed';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

interface Change {
  seq: number;
  type: 'created' | 'updated' | 'deleted';
  reviewId: string;
  review?: { _id: string; title: string; details: string; rating: number };
}

interface PublicReview {
  _id: string;
  title: string;
  details: string;
  rating: number;
}

/** GET /api/services/:id/reviews/changes: an integrator catches up after a gap, exactly. */
describe("a service's review changes", () => {
  const testApp = useTestApp({ worker: true });
  let owner: RegisteredUser;
  let authors: RegisteredUser[];

  beforeAll(async () => {
    owner = await registerUser(testApp);
    authors = await Promise.all([1, 2, 3, 4].map(() => registerUser(testApp)));
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const changesPath = (service: string, since?: string) =>
    `/api/services/${service}/reviews/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`;

  /** Every change after `since`, page by page, and the cursor after the last. */
  async function readAll(service: string, since?: string) {
    const changes: Change[] = [];
    let cursor = since;
    for (;;) {
      const { body } = await testApp.http().get(changesPath(service, cursor)).expect(200);
      changes.push(...(body.changes as Change[]));
      cursor = body.next as string;
      if (!body.hasMore) return { changes, next: cursor };
    }
  }

  /** Waits until the worker has recorded `count` changes after `since`. */
  const recorded = (service: string, count: number, since?: string) =>
    eventually(
      `${count} changes recorded`,
      async () => {
        const read = await readAll(service, since);
        return read.changes.length >= count ? read : undefined;
      },
      15_000,
    );

  function replay(onto: Map<string, PublicReview>, changes: Change[]) {
    for (const change of changes) {
      if (change.type === 'deleted') onto.delete(change.reviewId);
      else onto.set(change.reviewId, change.review!);
    }
    return onto;
  }

  const pick = ({ _id, title, details, rating }: PublicReview) => ({ _id, title, details, rating });

  const review = (author: RegisteredUser, service: string, words: string, rating: number) =>
    addReview(testApp, author.accessToken, service, {
      title: `About the ${words} delivery`,
      details: `The ${words} parcel came as promised and the driver was polite.`,
      rating,
    });

  const edit = (author: RegisteredUser, id: string, words: string) =>
    testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(author))
      .send({ title: `Edited: ${words}`, details: `Changed my mind about the ${words} parcel.` })
      .expect(200);

  const remove = (author: RegisteredUser, id: string) =>
    testApp.http().delete(`/api/reviews/${id}`).set('Authorization', as(author)).expect(200);

  it('catches up after a gap with exactly the changes missed, in order', async () => {
    const service = await addService(testApp, owner.accessToken);
    const [a, b, c] = [
      await review(authors[0], service, 'morning', 5),
      await review(authors[1], service, 'evening', 2),
      await review(authors[2], service, 'weekend', 4),
    ];
    await edit(authors[0], a, 'morning');
    await remove(authors[1], b);
    const first = await recorded(service, 5);
    expect(first.changes.map((change) => change.seq)).toEqual([1, 2, 3, 4, 5]);
    const snapshot = replay(new Map(), first.changes);

    // The gap: the integrator is away while more changes come.
    const d = await review(authors[3], service, 'holiday', 3);
    await edit(authors[2], c, 'weekend');
    await remove(authors[0], a);
    const missed = await recorded(service, 3, first.next);

    expect(missed.changes.map((change) => change.seq)).toEqual([6, 7, 8]);
    expect(missed.changes.map((change) => [change.type, change.reviewId]).sort()).toEqual(
      [
        ['created', d],
        ['deleted', a],
        ['updated', c],
      ].sort(),
    );
    expect(missed.changes.find((change) => change.type === 'deleted')?.review).toBeUndefined();
    // Nothing more, and asking again from the end gives nothing twice.
    const again = await testApp.http().get(changesPath(service, missed.next)).expect(200);
    expect(again.body).toEqual({ changes: [], next: missed.next, hasMore: false });

    const list = await testApp.http().get(`/api/reviews?service=${service}&limit=100`).expect(200);
    const current = (list.body as PublicReview[])
      .map(pick)
      .sort((x, y) => (x._id < y._id ? -1 : 1));
    const replayed = [...replay(snapshot, missed.changes).values()]
      .map(pick)
      .sort((x, y) => (x._id < y._id ? -1 : 1));
    expect(replayed).toEqual(current);
    expect(current.map((entry) => entry._id).sort()).toEqual([c, d].sort());
  });

  it('records an event handled twice once, and pages through more than a page', async () => {
    const service = await addService(testApp, owner.accessToken);
    const id = await review(authors[0], service, 'Monday', 4);
    await recorded(service, 1);
    const feed = testApp.app.get(ReviewFeed);
    const updated = (): DomainEvent => ({
      id: randomUUID(),
      type: 'review.updated',
      at: new Date().toISOString(),
      actor: { id: authors[0].uid, email: authors[0].email, role: 'user' },
      reviewId: id,
      serviceId: service,
      before: { status: 'published' },
      after: { status: 'published' },
    });
    const twice = updated();
    await feed.record(twice);
    await feed.record(twice);
    for (let i = 0; i < 150; i += 1) await feed.record(updated());

    const all = await readAll(service);
    expect(all.changes.map((change) => change.seq)).toEqual(
      Array.from({ length: 152 }, (_, i) => i + 1),
    );
    const firstPage = await testApp.http().get(changesPath(service)).expect(200);
    expect(firstPage.body.changes).toHaveLength(100);
    expect(firstPage.body.hasMore).toBe(true);
  });

  it('refuses a cursor it did not give, and an unknown or malformed service', async () => {
    const service = await addService(testApp, owner.accessToken);
    const other = await addService(testApp, owner.accessToken);
    const { body } = await testApp.http().get(changesPath(other)).expect(200);
    for (const since of ['nonsense', body.next as string]) {
      const refused = await testApp.http().get(changesPath(service, since)).expect(400);
      expect(refused.body.code).toBe('INVALID_CURSOR');
      expect(refused.body.error).toMatch(/cursor/);
    }
    await testApp
      .http()
      .get(changesPath('0'.repeat(24)))
      .expect(404);
    await testApp.http().get(changesPath('nope')).expect(400);
  });
});

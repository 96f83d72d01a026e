import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type Redis from 'ioredis';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { OutboxService } from '../src/events/outbox.service';
import { PendingReviewRelay, SETTLE_GRACE_MS } from '../src/reviews/store/pending-review-relay';
import { UNSTORED_FINAL_MS } from '../src/reviews/store/review-creates';
import { ReviewCreateBatch } from '../src/reviews/store/review-create-batch.schema';
import { ReviewCreateBatchesRepository } from '../src/reviews/store/review-create-batches.repository';
import type { StoredReview } from '../src/reviews/reviews.repository';
import { registerAdmin, registerUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { newReview } from './support/new-review';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

describe('batches of new reviews left for the relay', () => {
  const testApp = useTestApp();

  const rating = async (service: string) =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;
  const reviews = () => testApp.app.get<Model<StoredReview>>(getModelToken('Review'));
  const batches = () =>
    testApp.app.get<Model<ReviewCreateBatch>>(getModelToken(ReviewCreateBatch.name));
  const repository = () => testApp.app.get(ReviewCreateBatchesRepository);
  /** The batches waiting for the relay, in Redis and in the storage, holding `reviewId`'s event. */
  const waitingWith = async (reviewId: string) =>
    (await repository().waiting()).filter((batch) =>
      batch.events.some((event) => event.reviewId === reviewId),
    );
  const relay = (afterMs = SETTLE_GRACE_MS + 1000) =>
    testApp.app.get(PendingReviewRelay).settleOverdue(Date.now() + afterMs);
  /** Past the time a review of a batch not stored yet is taken as never to be. */
  const finalRelay = () => relay(UNSTORED_FINAL_MS + 1000);
  /**
   * One relay run settles the left review (the service's only one, 4 stars) among the other
   * batches waiting; a final run then clears those.
   */
  const expectOneRelaySettles = async (left: ReturnType<typeof newReview>, service: string) => {
    try {
      await relay();
      expect(await waitingWith(String(left.review._id))).toEqual([]);
      expect(await rating(service)).toMatchObject({ count: 1, average: 4 });
    } finally {
      await finalRelay();
    }
  };

  it('keeps the events as written in Redis, dates included, and the relay settles them', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const left = [newReview(service, 4), newReview(service, 2)];
    const record = await repository().insert(
      'left-by-a-dead-request',
      left.map(({ event }) => event),
    );
    expect(record).toEqual({ id: 'left-by-a-dead-request', inRedis: true });
    await reviews().insertMany(left.map(({ review }) => review));

    const [waiting] = await waitingWith(String(left[0].review._id));
    expect(waiting).toMatchObject({ id: 'left-by-a-dead-request', inRedis: true });
    expect(waiting.createdAt).toBeInstanceOf(Date);
    expect(waiting.events).toEqual(left.map(({ event }) => event));
    expect(waiting.events[0].after?.createdAt).toBeInstanceOf(Date);

    await relay();
    expect(await rating(service)).toMatchObject({ count: 2, average: 3 });
    expect(await waitingWith(String(left[0].review._id))).toEqual([]);
  });

  it('records a batch in the storage while Redis cannot take it, and the relay settles it', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const left = newReview(service, 3);
    const redis = testApp.app.get<Redis>(REDIS_CLIENT);
    const refused = jest
      .spyOn(redis, 'hset')
      .mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      expect(await repository().insert('left-while-redis-was-down', [left.event])).toEqual({
        id: 'left-while-redis-was-down',
        inRedis: false,
      });
    } finally {
      refused.mockRestore();
    }
    await reviews().create(left.review);
    expect(await batches().countDocuments({ _id: 'left-while-redis-was-down' })).toBe(1);
    expect(await waitingWith(String(left.review._id))).toMatchObject([
      { id: 'left-while-redis-was-down', inRedis: false, events: [left.event] },
    ]);

    await relay();
    expect(await rating(service)).toMatchObject({ count: 1, average: 3 });
    expect(await batches().countDocuments({ _id: 'left-while-redis-was-down' })).toBe(0);
  });

  it('settles a batch written by the release before, whose events are an array', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const { review, event } = newReview(service, 5);
    await batches().collection.insertOne({
      _id: 'written-before' as never,
      events: [event],
      createdAt: new Date(),
      waiting: true,
    });
    await reviews().create(review);

    await relay();
    expect(await rating(service)).toMatchObject({ count: 1, average: 5 });
    expect(await batches().countDocuments({ _id: 'written-before' })).toBe(0);
  });

  it('counts a review deleted before the relay settled its creation, and a repeat not at all', async () => {
    const owner = await registerUser(testApp);
    const admin = await registerAdmin(testApp);
    const reviewer = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    await addReview(testApp, reviewer.accessToken, service, { rating: 4 });
    const deleted = newReview(service, 1);
    // Refused as a repeat: its event is in the batch, but it was never stored.
    const repeat = newReview(service, 5);
    await repository().insert('left-before-a-deletion', [deleted.event, repeat.event]);
    await reviews().create(deleted.review);
    const published = jest.spyOn(testApp.app.get(OutboxService), 'publish');
    try {
      await testApp
        .http()
        .delete(`/api/reviews/${String(deleted.review._id)}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200);
      await eventually('the deletion to be settled', async () =>
        (await reviews().countDocuments({ _id: deleted.review._id })) === 0 ? true : undefined,
      );

      await relay();
      // The repeat's insert might still land: the batch waits.
      expect(await waitingWith(String(repeat.review._id))).toHaveLength(1);
      await finalRelay();
      expect(await rating(service)).toMatchObject({ count: 1, average: 4 });
      expect(await waitingWith(String(repeat.review._id))).toEqual([]);
      // The audit trail gets the deleted review's creation, not the repeat's.
      const queued = published.mock.calls.flat().map((event) => event.id);
      expect(queued).toContain(deleted.event.id);
      expect(queued).not.toContain(repeat.event.id);
    } finally {
      published.mockRestore();
    }
  });

  it('keeps a batch whose review is not stored yet, and counts and queues it once its insert landed', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    // An insert the request gave up on (FerretDB or PostgreSQL killed under it), still to land.
    const late = newReview(service, 5);
    await repository().insert('left-before-its-insert-landed', [late.event]);
    const published = jest.spyOn(testApp.app.get(OutboxService), 'publish');
    try {
      await relay();
      expect(await waitingWith(String(late.review._id))).toHaveLength(1);

      await reviews().create(late.review);
      await relay();
      expect(await rating(service)).toMatchObject({ count: 1, average: 5 });
      expect(await waitingWith(String(late.review._id))).toEqual([]);
      expect(published.mock.calls.flat().map((event) => event.id)).toContain(late.event.id);
    } finally {
      published.mockRestore();
    }
  });

  it('finds a batch left behind among many waiting ones', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const left = newReview(service, 4);
    await repository().insert('left-behind-among-many', [left.event]);
    await reviews().create(left.review);
    // Younger batches, as a busy API has in flight (their reviews are not stored yet).
    for (let index = 0; index < 200; index += 1) {
      await repository().insert(`in-flight-${index}`, [newReview(service, 1).event]);
    }
    await expectOneRelaySettles(left, service);
  });

  it('settles a batch a crash left behind older batches still waiting for their inserts', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    // As an outage leaves them: their reviews' inserts were given up on, and may still land.
    for (let index = 0; index < 30; index += 1) {
      await repository().insert(`given-up-${index}`, [newReview(service, 1).event]);
    }
    const left = newReview(service, 4);
    await repository().insert('left-behind-older-ones', [left.event]);
    await reviews().create(left.review);
    await expectOneRelaySettles(left, service);
    expect(await rating(service)).toMatchObject({ count: 1, average: 4 });
  });

  it('answers a create once its lists show the review; its rating and the queue follow', async () => {
    const owner = await registerUser(testApp);
    const reviewer = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const outbox = testApp.app.get(OutboxService);
    const queue = outbox.publish.bind(outbox);
    let openQueue!: () => void;
    const queueOpen = new Promise<void>((resolve) => (openQueue = resolve));
    const publish = jest
      .spyOn(outbox, 'publish')
      .mockImplementation(async (...events) => queueOpen.then(() => queue(...events)));
    try {
      // Not addReview, which waits for the queue.
      const answer = await testApp
        .http()
        .post('/api/addreviews')
        .set('Authorization', `Bearer ${reviewer.accessToken}`)
        .send({
          title: 'Queue closed',
          details: 'Sent while the queue waits.',
          serviceID: 1000,
          rating: 3,
          service,
        })
        .expect(201);
      const id = answer.body.insertedId as string;
      // Answered with the queue still closed: the lists show the review at once, and its
      // rating counts it without waiting for the queue.
      const listed = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
      expect(listed.body.map((review: { _id: string }) => review._id)).toContain(id);
      await eventually('the rating to count the review', async () => {
        const now = await rating(service);
        return now.count === 1 ? now : undefined;
      });
      expect(await rating(service)).toMatchObject({ count: 1, average: 3 });
      expect(await waitingWith(id)).toMatchObject([{ inRedis: true }]);

      openQueue();
      await eventually('the batch record to go once its events are queued', async () =>
        (await waitingWith(id)).length === 0 ? true : undefined,
      );
      const queued = publish.mock.calls.flat().filter((event) => event.reviewId === id);
      expect(queued.map((event) => event.type)).toEqual(['review.created']);
    } finally {
      openQueue();
      publish.mockRestore();
    }
  });
});

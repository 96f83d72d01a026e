import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PendingReviewRelay, SETTLE_GRACE_MS } from '../src/reviews/pending-review-relay';
import { ReviewCreateBatch } from '../src/reviews/review-create-batch.schema';
import { ReviewCreateBatchesRepository } from '../src/reviews/review-create-batches.repository';
import type { StoredReview } from '../src/reviews/reviews.repository';
import { registerUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { newReview } from './support/new-review';
import { useTestApp } from './support/test-app';

describe('batches of new reviews left for the relay', () => {
  const testApp = useTestApp();

  const rating = async (service: string) =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;
  const batches = () =>
    testApp.app.get<Model<ReviewCreateBatch>>(getModelToken(ReviewCreateBatch.name));
  const relay = () =>
    testApp.app.get(PendingReviewRelay).settleOverdue(Date.now() + SETTLE_GRACE_MS + 1000);

  it('keeps the events as written, dates included, and the relay settles them', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const left = [newReview(service, 4), newReview(service, 2)];
    const repository = testApp.app.get(ReviewCreateBatchesRepository);
    await repository.insert(
      'left-by-a-dead-request',
      left.map(({ event }) => event),
    );
    await testApp.app
      .get<Model<StoredReview>>(getModelToken('Review'))
      .insertMany(left.map(({ review }) => review));

    const [waiting] = (await repository.waiting(100)).filter(
      (batch) => batch._id === 'left-by-a-dead-request',
    );
    expect(waiting.events).toEqual(left.map(({ event }) => event));
    expect(waiting.events[0].after?.createdAt).toBeInstanceOf(Date);

    await relay();
    expect(await rating(service)).toMatchObject({ count: 2, average: 3 });
    expect(await batches().countDocuments({ _id: 'left-by-a-dead-request' })).toBe(0);
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
    await testApp.app.get<Model<StoredReview>>(getModelToken('Review')).create(review);

    await relay();
    expect(await rating(service)).toMatchObject({ count: 1, average: 5 });
    expect(await batches().countDocuments({ _id: 'written-before' })).toBe(0);
  });
});

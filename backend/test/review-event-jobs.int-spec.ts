import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Types } from 'mongoose';
import { newEvent } from '../src/review-events/outbox.service';
import { REVIEW_EVENTS_QUEUE, SYSTEM_ACTOR, eventsOfJob } from '../src/review-events/review-events';
import { ReviewSettlement } from '../src/reviews/review-settlement';
import type { StoredReview } from '../src/reviews/reviews.repository';
import { useTestApp } from './support/test-app';

/** A new review as settlement sees it: only its creation event matters to the queue. */
function createdReview(): StoredReview {
  const _id = new Types.ObjectId();
  const event = newEvent('review.created', {
    actor: SYSTEM_ACTOR,
    reviewId: String(_id),
    serviceId: String(new Types.ObjectId()),
    before: null,
    after: { _id: String(_id), status: 'published' },
  });
  return { _id, pendingEvents: [event] } as unknown as StoredReview;
}

/**
 * Review events go to the queue (real Redis and BullMQ, no worker taking them) in jobs shared
 * by the batches settled close together: each event in exactly one job.
 */
describe('review events to the queue', () => {
  const testApp = useTestApp();

  it('events settled back to back share one job, after the first went alone at once', async () => {
    const settlement = testApp.app.get(ReviewSettlement);
    const queue = testApp.app.get<Queue>(getQueueToken(REVIEW_EVENTS_QUEUE));
    const idsOf = (reviews: StoredReview[]) =>
      reviews.flatMap((review) => review.pendingEvents.map((event) => event.id)).sort();

    const first = [createdReview()];
    await settlement.publishEvents(first);
    // Three batches settled while the first job is fresh: they wait and go together.
    const next = [createdReview(), createdReview(), createdReview()];
    await Promise.all(next.map((review) => settlement.publishEvents([review])));

    const ours = new Set([...idsOf(first), ...idsOf(next)]);
    const jobs = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed']))
      .map((job) =>
        eventsOfJob(job.data)
          .map((event) => event.id)
          .sort(),
      )
      .filter((ids) => ids.some((id) => ours.has(id)))
      .sort((a, b) => a.length - b.length);
    expect(jobs).toEqual([idsOf(first), idsOf(next)]);
  });
});

import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Types } from 'mongoose';
import { newEvent } from '../src/events/outbox.service';
import { REVIEW_EVENTS_QUEUE, SYSTEM_ACTOR, eventsOfJob } from '../src/events/review-events';
import { ReviewSettlement } from '../src/reviews/store/review-settlement';
import type { StoredReview } from '../src/reviews/reviews.repository';
import { useTestApp } from './support/test-app';

/** A review as settlement sees it, with one pending event: only that matters to the queue. */
function reviewWith(type: 'review.created' | 'review.updated'): StoredReview {
  const _id = new Types.ObjectId();
  const event = newEvent(type, {
    actor: SYSTEM_ACTOR,
    reviewId: String(_id),
    serviceId: String(new Types.ObjectId()),
    before: null,
    after: { _id: String(_id), status: 'published' },
  });
  return { _id, pendingEvents: [event] } as unknown as StoredReview;
}

/**
 * New reviews' events go to the queue (real Redis and BullMQ, no worker taking them) in jobs
 * shared by the batches created close together: each event in exactly one job. Other changes'
 * events (their answers wait for the queue) are not held: each settlement is a job of its own.
 */
describe('review events to the queue', () => {
  const testApp = useTestApp();
  const idsOf = (reviews: StoredReview[]) =>
    reviews.flatMap((review) => review.pendingEvents.map((event) => event.id)).sort();

  /** The jobs holding any of these reviews' events, as their events' ids; smallest first. */
  async function jobsOf(reviews: StoredReview[]): Promise<string[][]> {
    const queue = testApp.app.get<Queue>(getQueueToken(REVIEW_EVENTS_QUEUE));
    const ours = new Set(idsOf(reviews));
    return (await queue.getJobs(['waiting', 'active', 'completed', 'delayed']))
      .map((job) =>
        eventsOfJob(job.data)
          .map((event) => event.id)
          .sort(),
      )
      .filter((ids) => ids.some((id) => ours.has(id)))
      .sort((a, b) => a.length - b.length);
  }

  it('new reviews created back to back share one job, after the first went alone at once', async () => {
    const settlement = testApp.app.get(ReviewSettlement);
    const first = [reviewWith('review.created')];
    await settlement.queueEvents(first);
    // Three batches created while the first job is fresh: they wait and go together.
    const next = [
      reviewWith('review.created'),
      reviewWith('review.created'),
      reviewWith('review.created'),
    ];
    await Promise.all(next.map((review) => settlement.queueEvents([review])));

    expect(await jobsOf([...first, ...next])).toEqual([idsOf(first), idsOf(next)]);
  });

  it("other changes' events are not held: each settlement is a job of its own", async () => {
    const settlement = testApp.app.get(ReviewSettlement);
    const edited = [reviewWith('review.updated'), reviewWith('review.updated')];
    // At the same moment: grouped, they would share one job.
    await Promise.all(edited.map((review) => settlement.publishEvents([review])));

    const jobs = await jobsOf(edited);
    expect(jobs.sort()).toEqual(edited.map((review) => idsOf([review])).sort());
  });
});

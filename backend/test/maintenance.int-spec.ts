import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { getModelToken } from '@nestjs/mongoose';
import type { Queue } from 'bullmq';
import type { Model } from 'mongoose';
import { loadConfig } from '../src/config/app-config';
import { OutboxEntry } from '../src/events/outbox-entry.schema';
import { MAINTENANCE_QUEUE, SYSTEM_ACTOR, type DomainEvent } from '../src/queue/review-events';
import { MAINTENANCE_JOBS } from '../src/worker/maintenance.processor';
import { eventually, startTestWorker } from './support/test-worker';

const HOUR_MS = 3_600_000;

function hoursAgo(hours: number): Date {
  return new Date(Date.now() - hours * HOUR_MS);
}

/** An outbox entry published at `publishedAt`, as the API leaves it. */
function publishedEntry(publishedAt: Date): OutboxEntry {
  const event: DomainEvent = {
    id: randomUUID(),
    type: 'service.created',
    at: publishedAt.toISOString(),
    actor: SYSTEM_ACTOR,
    serviceId: randomUUID(),
    before: null,
    after: { title: 'Outbox Courier' },
  };
  return { _id: event.id, event, createdAt: publishedAt, publishedAt };
}

describe('maintenance jobs in the worker', () => {
  let worker: INestApplicationContext;
  let outbox: Model<OutboxEntry>;
  let queue: Queue;

  beforeAll(async () => {
    worker = await startTestWorker(loadConfig({ ...process.env, NODE_ENV: 'test' }));
    outbox = worker.get(getModelToken(OutboxEntry.name), { strict: false });
    queue = worker.get(getQueueToken(MAINTENANCE_QUEUE), { strict: false });
  });
  afterAll(() => worker.close());

  it('expire-published-outbox removes events published over a day ago and keeps newer ones', async () => {
    const old = publishedEntry(hoursAgo(25));
    const recent = publishedEntry(hoursAgo(23));
    await outbox.insertMany([old, recent]);

    await queue.add(MAINTENANCE_JOBS.expireOutbox, {});
    await eventually('the old entry to go', async () =>
      (await outbox.exists({ _id: old._id })) ? undefined : true,
    );
    expect(await outbox.exists({ _id: recent._id })).not.toBeNull();
  });
});

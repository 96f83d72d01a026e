import { MongoClient } from 'mongodb';
import { loadConfig } from '../src/config/app-config';
import { OutboxService } from '../src/events/outbox.service';
import { SYSTEM_ACTOR, type DomainEvent } from '../src/events/review-events';
import { ReviewEventHandler } from '../src/worker/review-event-handler';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { startTestWorker } from './support/test-worker';

/** How long the job stays in hand: the worker is closed during it. */
const JOB_IN_HAND_MS = 1000;

describe('worker shutdown', () => {
  let mongo: MongoClient;

  beforeAll(async () => {
    mongo = await new MongoClient(process.env.MONGO_URL!).connect();
  });
  afterAll(() => mongo.close());

  it('closing the worker finishes the job in hand: its audit entry is written', async () => {
    const worker = await startTestWorker(loadConfig({ ...process.env, NODE_ENV: 'test' }));
    const handler = worker.get(ReviewEventHandler);
    const handle = handler.handle.bind(handler);
    let jobStarted!: () => void;
    const inHand = new Promise<void>((resolve) => (jobStarted = resolve));
    // Earlier suites may leave jobs on the shared queue: only this test's event is held in hand.
    const title = `Shutdown Courier ${uniqueTag()}`;
    const isOurs = (event: DomainEvent) =>
      (event.after as { title?: string } | null)?.title === title;
    jest.spyOn(handler, 'handle').mockImplementation(async (event: DomainEvent) => {
      if (isOurs(event)) {
        jobStarted();
        await new Promise((resolve) => setTimeout(resolve, JOB_IN_HAND_MS));
      }
      await handle(event);
    });

    const event = await worker.get(OutboxService).record('service.created', {
      actor: SYSTEM_ACTOR,
      serviceId: '507f1f77bcf86cd799439011',
      before: null,
      after: { title },
    });
    await inHand;
    await worker.close();

    const entry = await mongo
      .db()
      .collection<{ _id: string }>('audit_log')
      .findOne({ _id: event.id });
    expect(entry).toMatchObject({ _id: event.id, type: 'service.created' });
  });
});

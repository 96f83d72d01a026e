import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFerretDB } from '../../infra/storage/ferretdb';
import { startPostgres, type Postgres } from '../../infra/storage/postgres';
import { freePort, sleep, type Managed } from '../../infra/storage/processes';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { startTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const WRITERS = 10;
const READERS = 10;
// Enough that the writers are still at it when FerretDB is killed, however fast creates go.
const SERVICES = 60;

/**
 * FerretDB itself SIGKILLed while reviews are being created (the chaos run's first fault): the
 * creates whose insert was in flight lose their connection, which the driver reports, for an
 * unordered insert, as a MongoBulkWriteError without write errors. Until 2026-11-29 that escaped
 * the storage-failure mapping and was answered 500.
 */
describe('FerretDB killed during creates', () => {
  let dataDir: string;
  let postgres: Postgres | undefined;
  let ferretPort: number;
  let ferret: (Managed & { url: string }) | undefined;
  let testApp: TestApp;

  const startOwnFerretDB = () =>
    startFerretDB({
      port: ferretPort,
      backend: { postgresqlUrl: postgres!.ferretdbUrl },
      database: 'ferretfault',
      quiet: true,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'service-critic-ferretfault-'));
    chmodSync(dataDir, 0o711);
    const started = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: await freePort(),
      durable: false,
      log: () => undefined,
    });
    if (typeof started === 'string') throw new Error(`no PostgreSQL: ${started}`);
    postgres = started;
    ferretPort = await freePort();
    ferret = await startOwnFerretDB();
    testApp = await startTestApp({ MONGO_URL: ferret.url });
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
    await ferret?.stop();
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers the creates it cut off 503 with Retry-After, never 500', async () => {
    const owner = await registerUser(testApp);
    const services: string[] = [];
    for (let index = 0; index < SERVICES; index += 1) {
      services.push(await addService(testApp, owner.accessToken));
    }
    const users: RegisteredUser[] = [];
    for (let index = 0; index < WRITERS; index += 1) users.push(await registerUser(testApp));

    const answers: { status: number; retryAfter?: string; body: unknown }[] = [];
    let stop = false;
    const writer = async (user: RegisteredUser) => {
      for (let service = 0; !stop && service < SERVICES; service += 1) {
        const response = await testApp
          .http()
          .post('/api/addreviews')
          .set('Authorization', `Bearer ${user.accessToken}`)
          .send({
            title: 'Fault Courier',
            details: `Arrived on time, parcel ${user.uid}-${service}.`,
            serviceID: 4821,
            rating: 4,
            service: services[service],
          });
        answers.push({
          status: response.status,
          retryAfter: response.headers['retry-after'] as string | undefined,
          body: response.body as unknown,
        });
        // A create refused 503 may have landed: that pair is not tried again.
        if (response.status === 503) await sleep(300);
      }
    };
    const writing = Promise.all(users.map(writer));

    await eventually(
      'creates going through',
      async () => (answers.filter((a) => a.status === 201).length >= 5 ? true : undefined),
      30_000,
    );
    // Frozen first, so the commands in flight when it dies are cut off. Whether one of them is
    // an insert depends on the moment (a batch past its insert answers 201), so the store then
    // stays down longer than the driver looks for a server (3 s): the batch that comes next
    // surely finds none.
    ferret!.child.kill('SIGSTOP');
    await sleep(1000);
    ferret!.child.kill('SIGKILL');
    await sleep(4000);
    ferret = await startOwnFerretDB();
    await writing.finally(() => (stop = true));

    const failed = answers.filter((answer) => answer.status !== 201);
    expect(failed.filter((answer) => answer.status !== 503)).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) {
      expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(answer.body).toEqual({
        statusCode: 503,
        code: 'STORAGE_UNAVAILABLE',
        error: expect.stringMatching(/^[A-Z].*\.$/),
      });
    }
  }, 120_000);

  it('answers the reads it cut off 503 with Retry-After, never 500', async () => {
    const user = await registerUser(testApp);
    const answers: { status: number; body: unknown }[] = [];
    let stop = false;
    let searches = 0;
    // Their logins: no cache answers them, so each read goes to the store.
    const reader = async () => {
      while (!stop) {
        searches += 1;
        const response = await testApp
          .http()
          .get(`/api/account/sessions?read=${searches}`)
          .set('Authorization', `Bearer ${user.accessToken}`);
        answers.push({ status: response.status, body: response.body as unknown });
        if (response.status === 503) await sleep(300);
      }
    };
    const reading = Promise.all(Array.from({ length: READERS }, reader));
    await eventually(
      'reads going through',
      async () => (answers.filter((a) => a.status === 200).length >= 20 ? true : undefined),
      30_000,
    );
    // Down for a while, as under make run's supervisor: a read the driver retries meets no store.
    ferret!.child.kill('SIGKILL');
    await sleep(3000);
    ferret = await startOwnFerretDB();
    await eventually(
      'reads going through again',
      async () => (answers.at(-1)?.status === 200 ? true : undefined),
      30_000,
    );
    stop = true;
    await reading;

    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed.filter((answer) => answer.status !== 503)).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);
  }, 120_000);
});

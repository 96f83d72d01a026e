import { randomUUID } from 'node:crypto';
import { InsightsRebuild } from '../src/insights/insights-rebuild';
import { InsightsRecorder } from '../src/insights/insights-recorder';
import { lastMonths, summaryOf, weeksOf } from '../src/insights/insight-summary';
import {
  registerAdmin,
  registerEstablishedUser,
  registerUser,
  type RegisteredUser,
} from './support/auth-helpers';
import { addReview, addService, inviteCustomer } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/**
 * A service's monthly figures, kept by the worker as events pass, equal what its reviews and its
 * owner's invitations add up to counted from scratch (InsightsRebuild), after a sequence of
 * creates, edits, deletes, replies, reports and invitations through the real API and worker.
 */
describe('service insights', () => {
  const testApp = useTestApp({ worker: true });
  let owner: RegisteredUser;
  let admin: RegisteredUser;
  let service: string;
  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  function insights(user: RegisteredUser | undefined, months = 12) {
    const request = testApp.http().get(`/api/services/${service}/insights?months=${months}`);
    return user ? request.set('Authorization', as(user)) : request;
  }

  /** What the dashboard should answer: the figures counted again from the reviews. */
  async function recomputed(months: number) {
    const counted = await testApp.app!.get(InsightsRebuild).recompute(service);
    const { body } = await testApp.http().get(`/api/services/${service}`).expect(200);
    const prior = { mean: body.score.priorMean, count: 0 };
    const settings = { priorWeight: body.score.priorWeight, halfLifeDays: body.score.halfLifeDays };
    const asked = lastMonths(months);
    const figures = asked.map((month) => counted.get(month) ?? {});
    return {
      months: asked.map((month, index) => summaryOf(month, figures[index], prior, settings)),
      weeks: weeksOf(figures),
    };
  }

  /** The dashboard's answer once the worker has caught up with every event (or the last one). */
  async function settledInsights() {
    let answer: unknown;
    let expected: unknown;
    await eventually(
      'the worker’s figures catch up',
      async () => {
        answer = (await insights(owner).expect(200)).body;
        expected = await recomputed(12);
        return JSON.stringify(answer) === JSON.stringify(expected) ? true : undefined;
      },
      15_000,
    ).catch(() => undefined);
    return { answer, expected };
  }

  beforeAll(async () => {
    owner = await registerUser(testApp, { name: 'Olga Owner' });
    admin = await registerAdmin(testApp);
    service = await addService(testApp, owner.accessToken);
  });

  it('answers the figures recomputed from scratch after creates, edits, deletes, replies, reports and invitations', async () => {
    const invitation = await inviteCustomer(testApp, owner.accessToken, service).expect(201);
    await inviteCustomer(testApp, owner.accessToken, service).expect(201);

    const [alice, bob, carol, dan] = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dan'].map((name) => registerUser(testApp, { name })),
    );
    const first = await addReview(testApp, alice.accessToken, service, {
      rating: 5,
      criteria: { speed: 5, tracking: 4 },
    });
    const invited = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(bob))
      .send({
        title: 'Invited',
        details: 'Came on time.',
        serviceID: 4821,
        rating: 3,
        service,
        invitation: invitation.body.token,
      })
      .expect(201);
    const second = invited.body.insertedId as string;
    const third = await addReview(testApp, carol.accessToken, service, { rating: 2 });
    const fourth = await addReview(testApp, dan.accessToken, service, { rating: 1 });

    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${first}`)
      .set('Authorization', as(alice))
      .send({ rating: 4, criteria: { speed: 3 } })
      .expect(200);
    await testApp
      .http()
      .delete(`/api/reviews/${third}`)
      .set('Authorization', as(carol))
      .expect(200);
    for (const review of [first, second]) {
      await testApp
        .http()
        .post(`/api/reviews/${review}/reply`)
        .set('Authorization', as(owner))
        .send({ text: 'Thank you!' })
        .expect(201);
    }
    for (const review of [second, fourth]) {
      for (let index = 0; index < 2; index += 1) {
        const reader = await registerEstablishedUser(testApp, { name: `Reader ${index}` });
        await testApp
          .http()
          .post(`/api/reviews/${review}/reports`)
          .set('Authorization', as(reader))
          .send({ reason: 'spam' })
          .expect(201);
      }
    }
    await testApp
      .http()
      .post(`/api/admin/reviews/${second}/reports/dismiss`)
      .set('Authorization', as(admin))
      .expect(200);
    await testApp
      .http()
      .post(`/api/admin/reviews/${fourth}/reports/uphold`)
      .set('Authorization', as(admin))
      .send({ reason: 'Not about the service.' })
      .expect(200);

    const { answer, expected } = await settledInsights();
    expect(answer).toEqual(expected);
    const month = (answer as { months: Record<string, unknown>[] }).months.at(-1);
    // Alice's edited 4 and Bob's 3 are published; Carol's is deleted, Dan's taken down.
    expect(month).toMatchObject({
      count: 2,
      average: 3.5,
      stars: [0, 0, 1, 1, 0],
      criteria: { speed: 3, tracking: null },
      replies: 2,
      replyRate: 1,
      typicalReplyHours: 1,
      reportsOpened: 4,
      reportsUpheld: 2,
      reportsDismissed: 2,
      invitationsSent: 2,
      invitationsReviewed: 1,
    });
    expect((answer as { weeks: { count: number }[] }).weeks.at(-1)!.count).toBe(2);

    // Rebuilding from scratch changes nothing.
    await testApp.app!.get(InsightsRebuild).rebuild(service);
    expect((await insights(owner).expect(200)).body).toEqual(answer);
  });

  it('shows the insights to the owner and admins only', async () => {
    await insights(undefined).expect(401);
    const other = await registerUser(testApp);
    const refused = await insights(other).expect(403);
    expect(refused.body.error).toBe("Only this service's owner or an admin can see its insights.");
    expect((await insights(admin, 3).expect(200)).body.months).toHaveLength(3);
    const tooMany = await insights(owner, 25).expect(400);
    expect(JSON.stringify(tooMany.body)).toContain('months must be at most 24');
    await testApp
      .http()
      .get('/api/services/0123456789abcdef01234567/insights')
      .set('Authorization', as(owner))
      .expect(404);
  });

  it('exports the published reviews as CSV, quoted and safe from formulas', async () => {
    const writer = await registerUser(testApp, { name: 'Eve' });
    await addReview(testApp, writer.accessToken, service, {
      title: '=HYPERLINK("http://x")',
      details: 'Late, "very" late\nand -rude',
      rating: 1,
    });
    const other = await registerUser(testApp);
    await testApp
      .http()
      .get(`/api/services/${service}/reviews.csv`)
      .set('Authorization', as(other))
      .expect(403);
    const csv = await testApp
      .http()
      .get(`/api/services/${service}/reviews.csv`)
      .set('Authorization', as(owner))
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,rating,speed,tracking,condition,communication,value,title,details,author,verifiedCustomer,experiencedAt,reply,replyAt',
    );
    expect(lines[1]).toContain(
      `,"'=HYPERLINK(""http://x"")","Late, ""very"" late\nand -rude",Eve,no,`,
    );
    // The newest first: Eve's, then Bob's and Alice's (Carol's deleted, Dan's taken down).
    expect(lines.filter((line) => line !== '')).toHaveLength(4);
    expect(lines[2]).toContain(',Invited,Came on time.,Bob,yes,');
  });

  it('gives everyone the last 12 months’ trend', async () => {
    const { body } = await testApp.http().get(`/api/services/${service}/trend`).expect(200);
    expect(body).toHaveLength(12);
    expect(body[0]).toEqual({ month: lastMonths(12)[0], count: 0, average: null });
    const current = await eventually('Eve’s review counts in the trend', async () => {
      const trend = (await testApp.http().get(`/api/services/${service}/trend`).expect(200)).body;
      return trend[11].count === 3 ? trend[11] : undefined;
    });
    expect(current).toEqual({ month: lastMonths(12)[11], count: 3, average: 2.67 });
  });

  it('counts an event once, however often its job runs', async () => {
    const other = await addService(testApp, owner.accessToken);
    const event = {
      id: randomUUID(),
      type: 'invitation.created' as const,
      at: new Date().toISOString(),
      actor: { id: owner.uid, email: owner.email, role: 'user' as const },
      serviceId: other,
      before: null,
      after: null,
    };
    const recorder = testApp.worker.get(InsightsRecorder);
    await recorder.record(event);
    await Promise.all([recorder.record(event), recorder.record(event)]);
    const { body } = await testApp
      .http()
      .get(`/api/services/${other}/insights?months=1`)
      .set('Authorization', as(owner))
      .expect(200);
    expect(body.months[0].invitationsSent).toBe(1);
  });
});

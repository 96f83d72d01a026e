import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { AuditService } from '../src/audit/audit.service';
import type { DomainEvent } from '../src/events/review-events';
import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** The audit trail lists one key's entries: a UTC day (today by default), a review or an actor. */
describe('the audit trail', () => {
  const testApp = useTestApp({ worker: true });
  let admin: RegisteredUser;
  let actor: RegisteredUser;
  const review = new Types.ObjectId().toString();

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
    actor = await registerUser(testApp);
    const audit = testApp.app.get(AuditService);
    const event = (at: string, type: DomainEvent['type']): DomainEvent => ({
      id: randomUUID(),
      type,
      at,
      actor: { id: actor.uid, email: actor.email, role: 'user' },
      reviewId: review,
      before: null,
      after: null,
    });
    await audit.append(event('2020-02-28T23:59:59.000Z', 'review.created'));
    await audit.append(event('2020-02-29T00:00:00.000Z', 'review.updated'));
    await audit.append(event('2020-02-29T12:00:00.000Z', 'review.deleted'));
    await audit.append(event(new Date().toISOString(), 'review.created'));
  });

  const list = (query: string) =>
    testApp
      .http()
      .get(`/api/admin/audit?${query}`)
      .set('Authorization', `Bearer ${admin.accessToken}`);
  const typesOf = (body: { type: string; reviewId?: string }[]) =>
    body.filter((entry) => entry.reviewId === review).map((entry) => entry.type);

  it('lists one UTC day, newest first, optionally of one action', async () => {
    const day = await list('day=2020-02-29').expect(200);
    expect(typesOf(day.body)).toEqual(['review.deleted', 'review.updated']);
    expect(day.body[0]).toMatchObject({ day: '2020-02-29', actorId: actor.uid });
    expect(day.headers['x-total-count']).toBe('2');
    const deleted = await list('day=2020-02-29&action=review.deleted').expect(200);
    expect(typesOf(deleted.body)).toEqual(['review.deleted']);
  });

  it("lists today's entries when no day, review or actor is given", async () => {
    expect(typesOf((await list('').expect(200)).body)).toEqual(['review.created']);
  });

  it("lists all of one review's or one actor's entries, over every day", async () => {
    const all = ['review.created', 'review.deleted', 'review.updated', 'review.created'];
    expect(typesOf((await list(`review=${review}`).expect(200)).body)).toEqual(all);
    const byActor = await list(`actor=${encodeURIComponent(actor.email)}`).expect(200);
    expect(typesOf(byActor.body)).toEqual(all);
    const byNobody = await list(`actor=${encodeURIComponent(uniqueEmail('nobody'))}`).expect(200);
    expect(byNobody.body).toEqual([]);
  });

  it("names the actor and the service as they are now, by a real write's entry", async () => {
    const owner = await registerUser(testApp, { name: 'Olive Owner' });
    const service = await addService(testApp, owner.accessToken);
    const { title } = (await testApp.http().get(`/api/services/${service}`).expect(200)).body;
    const listed = await eventually('the service.created entry', async () => {
      const { body } = await list(`actor=${encodeURIComponent(owner.email)}`).expect(200);
      return body.length > 0 ? body : undefined;
    });
    expect(listed[0]).toMatchObject({
      type: 'service.created',
      serviceId: service,
      actorName: 'Olive Owner',
      serviceTitle: title,
    });
  });

  it.each(['2020-2-29', '2021-02-29', 'yesterday'])(
    'refuses day=%s with a sentence',
    async (day) => {
      const response = await list(`day=${day}`).expect(400);
      expect(JSON.stringify(response.body)).toContain('day must be a real date written YYYY-MM-DD');
    },
  );
});

import { getConnectionToken } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { AuthorActivity } from '../src/worker/author-activity';
import { AuthorHistories } from '../src/moderation/author-histories';
import { textTag } from '../src/moderation/moderation-rules';
import { UsersService } from '../src/users/users.service';
import { addReview, addService } from './support/catalog-helpers';
import {
  registerAdmin,
  registerUser,
  type RegisteredUser,
  setCookieLine,
} from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';
import { BOARD_COOKIE } from '../src/admin/queues-board';

interface AuditEntry {
  _id: string;
  type: string;
  at: string;
  actor: { id: string; email: string; role: string };
  reviewId?: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('review events through the worker', () => {
  const testApp = useTestApp({ worker: true });
  let owner: RegisteredUser;
  let author: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(testApp, { name: 'Olga Owner' });
    author = await registerUser(testApp, { name: 'Arno Author' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  async function auditFor(review: string, type: string): Promise<AuditEntry | undefined> {
    const response = await testApp
      .http()
      .get(`/api/admin/audit?review=${review}&action=${type}`)
      .set('Authorization', as(admin))
      .expect(200);
    return response.body[0];
  }

  async function statusOf(review: string): Promise<string> {
    const response = await testApp
      .http()
      .get(`/api/myeditedreviews/${review}`)
      .set('Authorization', as(author))
      .expect(200);
    return response.body.status;
  }

  async function publicIds(service: string): Promise<string[]> {
    const response = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
    return response.body.map((review: { _id: string }) => review._id);
  }

  /** The reasons the author's review is held for, as their own list shows it. */
  async function reasonsOf(user: RegisteredUser, review: string): Promise<string[] | undefined> {
    const mine = await testApp
      .http()
      .get('/api/myreviews')
      .set('Authorization', as(user))
      .expect(200);
    return mine.body.find((entry: { _id: string }) => entry._id === review)?.moderationReasons;
  }

  /** The reasons, once the worker has flagged the review. */
  const flaggedFor = (user: RegisteredUser, review: string) =>
    eventually('the flag', async () => {
      const reasons = await reasonsOf(user, review);
      return reasons && reasons.length > 0 ? reasons : undefined;
    });

  async function notificationTexts(user: RegisteredUser): Promise<string[]> {
    const response = await testApp
      .http()
      .get('/api/notifications')
      .set('Authorization', as(user))
      .expect(200);
    return response.body.map((notification: { text: string }) => notification.text);
  }

  it("the author's history flags a copied text, then a sixth review within 10 minutes", async () => {
    const copier = await registerUser(testApp, { name: 'Cora Copier' });
    const services = await Promise.all(
      Array.from({ length: 6 }, () => addService(testApp, owner.accessToken)),
    );
    const text = 'Careful packing, friendly courier, arrived a day early.';
    const screened = (review: string) =>
      eventually('the screening', () => auditFor(review, 'review.created'));

    const first = await addReview(testApp, copier.accessToken, services[0], { details: text });
    await screened(first);
    const copy = await addReview(testApp, copier.accessToken, services[1], { details: text });
    expect(await flaggedFor(copier, copy)).toEqual(['DUPLICATE_TEXT']);
    expect(await reasonsOf(copier, first)).toEqual([]);

    for (const [index, service] of services.slice(2, 5).entries()) {
      await screened(
        await addReview(testApp, copier.accessToken, service, {
          details: `Review ${index}: fine.`,
        }),
      );
    }
    const sixth = await addReview(testApp, copier.accessToken, services[5], {
      details: 'Sixth review, quite a different text.',
    });
    expect(await flaggedFor(copier, sixth)).toEqual(['POSTING_TOO_FAST']);
  });

  it("the author's history follows edits and deletions, and is rebuilt when Redis lost it", async () => {
    const writer = await registerUser(testApp, { name: 'Hana History' });
    const redis = testApp.worker.get<Redis>(REDIS_CLIENT, { strict: false });
    const history = `${testApp.config.redis.prefix}:author-activity:${writer.uid}`;
    // A new account's history is known from the start (empty): no rebuild for its first review.
    expect(await redis.hgetall(history)).toEqual({ '-': '0|-' });
    const services = await Promise.all(
      Array.from({ length: 4 }, () => addService(testApp, owner.accessToken)),
    );
    const original = 'Original words about a careful courier.';
    const edited = 'Edited words about the careful courier.';
    const audited = (review: string, type: string) =>
      eventually(`the ${type} audit`, () => auditFor(review, type));

    const first = await addReview(testApp, writer.accessToken, services[0], { details: original });
    await audited(first, 'review.created');
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${first}`)
      .set('Authorization', as(writer))
      .send({ details: edited })
      .expect(200);
    await audited(first, 'review.updated');
    // The first review no longer says it: the same words elsewhere are no copy.
    const second = await addReview(testApp, writer.accessToken, services[1], {
      details: original,
    });
    await audited(second, 'review.created');
    expect(await reasonsOf(writer, second)).toEqual([]);

    await testApp
      .http()
      .delete(`/api/reviews/${second}`)
      .set('Authorization', as(writer))
      .expect(200);
    await audited(second, 'review.deleted');
    const third = await addReview(testApp, writer.accessToken, services[2], { details: original });
    await audited(third, 'review.created');
    expect(await reasonsOf(writer, third)).toEqual([]);

    // Redis lost the history: the next screening rebuilds it from the stored reviews.
    expect(await redis.del(history)).toBe(1);
    const copy = await addReview(testApp, writer.accessToken, services[3], { details: edited });
    expect(await flaggedFor(writer, copy)).toEqual(['DUPLICATE_TEXT']);
  });

  it("the authors' histories noted at the same moment (a job's events) go to Redis in one round trip", async () => {
    const writers = await Promise.all(
      ['Pia Pipeline', 'Pete Pipeline'].map((name) => registerUser(testApp, { name })),
    );
    const histories = testApp.worker.get(AuthorHistories, { strict: false });
    const redis = testApp.worker.get<Redis>(REDIS_CLIENT, { strict: false });
    const entry = (reviewId: string) => ({
      reviewId,
      at: Date.now(),
      createdAt: Date.now(),
      service: 'svc',
      textTag: textTag(`words of ${reviewId}`),
    });
    const roundTrips = jest.spyOn(redis, 'pipeline');
    try {
      const [first, second] = await Promise.all(
        writers.map((writer, index) => histories.noteAndRead(writer.uid, entry(`r${index}`))),
      );
      expect(roundTrips).toHaveBeenCalledTimes(1);
      expect(first?.map((noted) => noted.reviewId)).toEqual(['r0']);
      expect(second?.map((noted) => noted.reviewId)).toEqual(['r1']);
    } finally {
      roundTrips.mockRestore();
    }
  });

  it("an older change of a review never overwrites a later one in the author's history", async () => {
    const writer = await registerUser(testApp, { name: 'Otto Order' });
    const [one, other] = await Promise.all([
      addService(testApp, owner.accessToken),
      addService(testApp, owner.accessToken),
    ]);
    const review = await addReview(testApp, writer.accessToken, one, { details: 'First words.' });
    await eventually('the create audit', () => auditFor(review, 'review.created'));
    const activity = testApp.worker.get(AuthorActivity, { strict: false });
    const edit = (secondsLater: number, details: string) =>
      activity.note({
        id: `edit-${secondsLater}`,
        type: 'review.updated',
        at: new Date(Date.now() + secondsLater * 1000).toISOString(),
        actor: { id: writer.uid, email: writer.email, role: 'user' },
        reviewId: review,
        serviceId: one,
        before: null,
        after: { authorId: writer.uid, service: one, details, createdAt: new Date() },
      });
    await edit(60, 'The later words.');
    await edit(30, 'The earlier words.');
    const history = await activity.noteAndRead(
      {
        id: 'screened',
        type: 'review.created',
        at: new Date().toISOString(),
        actor: { id: writer.uid, email: writer.email, role: 'user' },
        reviewId: 'not-stored',
        serviceId: other,
        before: null,
        after: { authorId: writer.uid, service: other, details: 'New.', createdAt: new Date() },
      },
      new Date(Date.now() - 60_000),
    );
    expect(history.textTagsElsewhere).toEqual([textTag('The later words.')]);
    expect(history.recentCount).toBe(2);
  });

  it('a review with a slur is flagged within 5 s, hidden from the public, kept for its author', async () => {
    const service = await addService(testApp, owner.accessToken);
    const review = await addReview(testApp, author.accessToken, service, {
      title: 'Awful',
      details: 'The driver was a total asshole about my parcel.',
    });
    await eventually('the flag', async () =>
      (await statusOf(review)) === 'flagged' ? true : undefined,
    );
    expect(await publicIds(service)).not.toContain(review);

    const mine = await testApp
      .http()
      .get('/api/myreviews')
      .set('Authorization', as(author))
      .expect(200);
    const flagged = mine.body.find((entry: { _id: string }) => entry._id === review);
    expect(flagged).toMatchObject({ status: 'flagged', moderationReasons: ['PROFANITY'] });

    const queue = await testApp
      .http()
      .get('/api/admin/moderation?limit=100')
      .set('Authorization', as(admin))
      .expect(200);
    expect(queue.body.every((entry: { status: string }) => entry.status === 'flagged')).toBe(true);
    const flaggedHere = await testApp
      .http()
      .get(`/api/reviews?service=${service}&status=flagged`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(flaggedHere.body.map((entry: { _id: string }) => entry._id)).toEqual([review]);
    // A flagged review no longer counts in the service's rating.
    const rating = (await testApp.http().get(`/api/services/${service}`)).body.rating;
    expect(rating.count).toBe(0);

    const moderated = await eventually('the moderation audit', () =>
      auditFor(review, 'review.moderated'),
    );
    expect(moderated.actor.role).toBe('system');
    expect(
      await eventually('the author notice', async () => {
        const texts = await notificationTexts(author);
        return texts.some((text) => text.includes('was held because it')) ? texts : undefined;
      }),
    ).toBeDefined();
  });

  it('a clean review stays published; the service owner is notified', async () => {
    const service = await addService(testApp, owner.accessToken);
    const review = await addReview(testApp, author.accessToken, service, {
      details: 'Delivered a day early and the box was perfect.',
    });
    const created = await eventually('the create audit', () => auditFor(review, 'review.created'));
    expect(created.actor).toMatchObject({ email: author.email, role: 'user' });
    expect(await statusOf(review)).toBe('published');
    await eventually('the owner notice', async () => {
      const texts = await notificationTexts(owner);
      return texts.some((text) => text.startsWith('New review of')) ? true : undefined;
    });
  });

  it('an admin deletes a review: the audit entry has actor, time and the full text', async () => {
    const service = await addService(testApp, owner.accessToken);
    const details = 'Courier left the parcel in the rain; the box fell apart.';
    const review = await addReview(testApp, author.accessToken, service, { details });
    const before = Date.now();
    await testApp
      .http()
      .delete(`/api/reviews/${review}`)
      .set('Authorization', as(admin))
      .expect(200);

    const entry = await eventually('the delete audit', () => auditFor(review, 'review.deleted'));
    expect(entry.actor).toMatchObject({ email: admin.email, role: 'admin' });
    expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entry.before).toMatchObject({ details, email: author.email, service });
    expect(entry.after).toBeNull();

    const byActor = await testApp
      .http()
      .get(`/api/admin/audit?actor=${encodeURIComponent(admin.email)}&action=review.deleted`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(byActor.body.map((e: AuditEntry) => e.reviewId)).toContain(review);
    await eventually('the author notice', async () => {
      const texts = await notificationTexts(author);
      return texts.some((text) => text.startsWith('An admin deleted your review'))
        ? true
        : undefined;
    });
  });

  it('an entry keeps its snapshots as one string, and entries written before read the same', async () => {
    const service = await addService(testApp, owner.accessToken);
    const review = await addReview(testApp, author.accessToken, service, { rating: 4 });
    const created = await eventually('the create audit', () => auditFor(review, 'review.created'));
    expect(created.after).toMatchObject({ _id: review, rating: 4, service });
    const createdAt = String(created.after?.createdAt);
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    const log = testApp.app.get<Connection>(getConnectionToken()).collection('audit_log');
    const stored = await log.findOne({ _id: created._id as never });
    expect(typeof stored?.after).toBe('string');

    await log.insertOne({
      ...stored!,
      _id: `written-before-${review}` as never,
      type: 'review.updated',
      before: { rating: 4, editedAt: new Date('2026-01-02T03:04:05Z') },
      after: { rating: 5 },
    });
    expect(await auditFor(review, 'review.updated')).toMatchObject({
      _id: `written-before-${review}`,
      before: { rating: 4, editedAt: '2026-01-02T03:04:05.000Z' },
      after: { rating: 5 },
    });
  });

  it('approve and reject change the status, notify the author and are audited', async () => {
    const service = await addService(testApp, owner.accessToken);
    const review = await addReview(testApp, author.accessToken, service, {
      details: 'CALL ME AT +1 555 123 4567 FOR A BETTER DEAL!!!!!!',
    });
    await eventually('the flag', async () =>
      (await statusOf(review)) === 'flagged' ? true : undefined,
    );

    const approved = await testApp
      .http()
      .post(`/api/admin/reviews/${review}/approve`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(approved.body).toEqual({ success: true, status: 'published' });
    expect(await publicIds(service)).toContain(review);
    await testApp
      .http()
      .post(`/api/admin/reviews/${review}/approve`)
      .set('Authorization', as(admin))
      .expect(409);

    await testApp
      .http()
      .post(`/api/admin/reviews/${review}/reject`)
      .set('Authorization', as(admin))
      .send({})
      .expect(400);
    const rejected = await testApp
      .http()
      .post(`/api/admin/reviews/${review}/reject`)
      .set('Authorization', as(admin))
      .send({ reason: 'Advertising is not allowed.' })
      .expect(200);
    expect(rejected.body).toEqual({ success: true, status: 'rejected' });
    // A take-down stays in the public list as a placeholder with the reason, without the text.
    const listed = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
    expect(listed.body.find((entry: { _id: string }) => entry._id === review)).toMatchObject({
      status: 'rejected',
      details: '',
      removal: { reason: 'Advertising is not allowed.' },
    });
    const mine = await testApp
      .http()
      .get(`/api/myeditedreviews/${review}`)
      .set('Authorization', as(author))
      .expect(200);
    expect(mine.body).toMatchObject({
      status: 'rejected',
      moderationNote: 'Advertising is not allowed.',
    });

    await eventually('both notices', async () => {
      const texts = await notificationTexts(author);
      const approvedNotice = texts.some((text) => text.includes('was approved'));
      const rejectedNotice = texts.some((text) => text.includes('Advertising is not allowed'));
      return approvedNotice && rejectedNotice ? true : undefined;
    });
    const audit = await testApp
      .http()
      .get(`/api/admin/audit?review=${review}&action=review.moderated`)
      .set('Authorization', as(admin))
      .expect(200);
    const statuses = audit.body.map((entry: AuditEntry) => [entry.actor.role, entry.after?.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['system', 'flagged'],
        ['admin', 'published'],
        ['admin', 'rejected'],
      ]),
    );
  });

  it('the admin API is for admins only', async () => {
    await testApp.http().get('/api/admin/moderation').expect(401);
    await testApp.http().get('/api/admin/audit').set('Authorization', as(author)).expect(403);
    await testApp
      .http()
      .post('/api/admin/reviews/0123456789abcdef01234567/approve')
      .set('Authorization', as(author))
      .expect(403);
    await testApp
      .http()
      .post('/api/admin/reviews/0123456789abcdef01234567/approve')
      .set('Authorization', as(admin))
      .expect(404);
    await testApp
      .http()
      .get('/api/admin/audit?from=yesterday')
      .set('Authorization', as(admin))
      .expect(400);
  });

  it('the queue dashboard opens with an admin’s cookie only', async () => {
    await testApp.http().get('/api/admin/queues').expect(401);
    await testApp
      .http()
      .post('/api/admin/queues-session')
      .set('Authorization', as(author))
      .expect(403);
    const session = await testApp
      .http()
      .post('/api/admin/queues-session')
      .set('Authorization', as(admin))
      .expect(200);
    const cookie = setCookieLine(session, BOARD_COOKIE);
    expect(cookie).toContain('HttpOnly');
    const page = await testApp
      .http()
      .get('/api/admin/queues')
      .set('Cookie', cookie!.split(';')[0])
      .expect(200);
    expect(page.text).toContain('<html');
    // Its menu leads back to the app.
    expect(page.text).toContain('Back to Service Critic');
    const queues = await testApp
      .http()
      .get('/api/admin/queues/api/queues')
      .set('Cookie', cookie!.split(';')[0])
      .expect(200);
    expect(JSON.stringify(queues.body)).toContain('review-events');
  });

  it('service creation and role changes are audited', async () => {
    const service = await addService(testApp, owner.accessToken);
    const created = await eventually('the service audit', async () => {
      const response = await testApp
        .http()
        .get(`/api/admin/audit?action=service.created&actor=${encodeURIComponent(owner.email)}`)
        .set('Authorization', as(admin));
      return response.body.find(
        (entry: AuditEntry & { serviceId?: string }) => entry.serviceId === service,
      );
    });
    expect(created.after).toMatchObject({ _id: service });

    const promoted = await registerUser(testApp);
    await testApp.app.get(UsersService).grantAdmin(promoted.email);
    const roleChange = await eventually('the role audit', async () => {
      const response = await testApp
        .http()
        .get('/api/admin/audit?action=user.role_changed')
        .set('Authorization', as(admin));
      return response.body.find((entry: AuditEntry) => entry.after?.email === promoted.email);
    });
    expect(roleChange).toMatchObject({
      actor: { role: 'system' },
      before: { role: 'user' },
      after: { role: 'admin' },
    });
  });
});

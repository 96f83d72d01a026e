import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';
import { serviceAuditEntry } from './support/audit-helpers';

const bearer = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.accessToken}` });
const adminEmail = 'burst-admin@example.com';

describe('bursts of reviews on one service', () => {
  // Four reviews make a burst here (eight by default): the test's new accounts, all from
  // 127.0.0.1, all at one star.
  const testApp = useTestApp({
    worker: true,
    mail: true,
    env: { ADMIN_EMAIL: adminEmail, BURST_MIN_REVIEWS: '4' },
  });
  let admin: RegisteredUser;
  let owner: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp, { email: adminEmail });
    owner = await registerUser(testApp);
  });

  /** A new account's one-star review of the service; answers the review as its author reads it. */
  async function oneStarByNewAccount(service: string) {
    const author = await registerUser(testApp);
    const id = await addReview(testApp, author.accessToken, service, {
      rating: 1,
      details: 'Never arrived and nobody answered the phone.',
    });
    const review = await testApp
      .http()
      .get(`/api/myeditedreviews/${id}`)
      .set(bearer(author))
      .expect(200);
    return { author, id, status: review.body.status, reasons: review.body.moderationReasons };
  }

  const serviceRead = (service: string) =>
    testApp.http().get(`/api/services/${service}`).expect(200);

  const auditEntry = (action: string, serviceId: string) =>
    serviceAuditEntry(testApp, admin, action, serviceId);

  it('holds the burst’s reviews, shows the notice, tells the admins and counts it', async () => {
    const service = await addService(testApp, owner.accessToken);
    const before = [];
    for (let count = 0; count < 3; count += 1) before.push(await oneStarByNewAccount(service));
    expect(before.map((review) => review.status)).toEqual(['published', 'published', 'published']);
    expect((await serviceRead(service)).body.burstAlertOpenedAt).toBeUndefined();

    const fourth = await oneStarByNewAccount(service);
    const fifth = await oneStarByNewAccount(service);
    expect(fourth).toMatchObject({ status: 'flagged', reasons: ['BURST'] });
    expect(fifth).toMatchObject({ status: 'flagged', reasons: ['BURST'] });

    const read = await serviceRead(service);
    expect(Date.parse(read.body.burstAlertOpenedAt)).not.toBeNaN();
    expect(read.body.rating.count).toBe(3);

    const alerts = await testApp
      .http()
      .get('/api/admin/services/alerts')
      .set(bearer(admin))
      .expect(200);
    expect(alerts.body).toEqual([
      expect.objectContaining({
        serviceId: service,
        open: true,
        direction: 'low',
        reviews: 4,
        extreme: 4,
        signs: ['new-accounts', 'few-networks'],
      }),
    ]);

    const queue = await testApp
      .http()
      .get('/api/admin/moderation')
      .query({ reason: 'BURST' })
      .set(bearer(admin))
      .expect(200);
    expect(queue.body.map((review: { _id: string }) => review._id).sort()).toEqual(
      [fourth.id, fifth.id].sort(),
    );

    const notice = await eventually('the admin notified', async () => {
      const listed = await testApp.http().get('/api/notifications').set(bearer(admin)).expect(200);
      return (listed.body as { kind: string; text: string; link: string }[]).find(
        (notification) => notification.kind === 'service.burst_detected',
      );
    });
    expect(notice).toMatchObject({ link: '/admin/alerts' });
    expect(notice.text).toMatch(/^Unusual burst of reviews on Test Courier /);
    const mailed = await testApp.mail.waitFor(adminEmail, {
      subject: 'Unusual burst of reviews on a service · Service Critic',
    });
    expect(mailed.text).toContain(notice.text);

    const held = await eventually('the held author notified', async () => {
      const listed = await testApp
        .http()
        .get('/api/notifications')
        .set(bearer(fourth.author))
        .expect(200);
      return (listed.body as { kind: string; text: string }[]).find(
        (notification) => notification.kind === 'review.flagged',
      );
    });
    expect(held.text).toContain('came during an unusual burst of reviews of this service');

    expect((await auditEntry('service.burst_detected', service)).actor.role).toBe('system');

    const month = new Date().toISOString().slice(0, 7);
    const figures = await eventually('the month figures', async () => {
      const response = await testApp.http().get('/api/transparency').expect(200);
      const current = response.body.find((entry: { month: string }) => entry.month === month);
      const burst = current?.rules.find((rule: { rule: string }) => rule.rule === 'BURST');
      return burst?.flagged === 2 ? { current, burst } : undefined;
    });
    expect(figures.current.burstAlerts).toBe(1);
  });

  it('an admin closes the alert: the notice goes and new reviews publish again', async () => {
    const service = await addService(testApp, owner.accessToken);
    for (let count = 0; count < 4; count += 1) await oneStarByNewAccount(service);
    expect((await serviceRead(service)).body.burstAlertOpenedAt).toBeDefined();

    await testApp
      .http()
      .post(`/api/admin/services/${service}/alerts/close`)
      .set(bearer(owner))
      .expect(403);
    const closed = await testApp
      .http()
      .post(`/api/admin/services/${service}/alerts/close`)
      .set(bearer(admin))
      .expect(200);
    expect(closed.body).toMatchObject({ serviceId: service, open: false });
    expect(Date.parse(closed.body.closedAt)).not.toBeNaN();

    expect((await serviceRead(service)).body.burstAlertOpenedAt).toBeUndefined();
    const open = await testApp
      .http()
      .get('/api/admin/services/alerts')
      .set(bearer(admin))
      .expect(200);
    expect(open.body.map((alert: { serviceId: string }) => alert.serviceId)).not.toContain(service);
    expect((await oneStarByNewAccount(service)).status).toBe('published');
    const closedEntry = await auditEntry('service.burst_closed', service);
    expect(closedEntry.actor.role).toBe('admin');

    const again = await testApp
      .http()
      .post(`/api/admin/services/${service}/alerts/close`)
      .set(bearer(admin))
      .expect(404);
    expect(again.body).toMatchObject({
      code: 'NO_OPEN_ALERT',
      error: 'This service has no open alert.',
    });
    await testApp
      .http()
      .post('/api/admin/services/not-an-id/alerts/close')
      .set(bearer(admin))
      .expect(400);
  });
});

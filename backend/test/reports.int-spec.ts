import { addReview, addService } from './support/catalog-helpers';
import {
  registerAdmin,
  registerEstablishedUser,
  registerUser,
  type RegisteredUser,
} from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

interface ReviewBody {
  _id: string;
  status: string;
  details: string;
  [field: string]: unknown;
}

/**
 * Readers' reports, the admin's decisions on them, the author's appeals and public edit history.
 * Reports from new or unverified accounts weigh nothing; `reportedBy`'s readers are verified and
 * two days old, so they weigh 1 each; the threshold is 2, so two of them flag a review; the burst
 * limit is 4 low-standing (under a week old) reports per service or author.
 */
describe('reports, appeals and public history', () => {
  const testApp = useTestApp({
    worker: true,
    env: { REPORT_FLAG_THRESHOLD: '2', REPORT_BURST_LIMIT: '4' },
  });
  let admin: RegisteredUser;
  let owner: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
    owner = await registerUser(testApp, { name: 'Olga Owner' });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  /** A fresh service with one review by a fresh author (so burst counts never mix). */
  async function reviewed(details = 'Arrived on time and intact.') {
    const service = await addService(testApp, owner.accessToken);
    const author = await registerUser(testApp, { name: 'Arno Author' });
    const review = await addReview(testApp, author.accessToken, service, { details });
    return { service, author, review };
  }

  function report(review: string, reader: RegisteredUser, body: object = { reason: 'spam' }) {
    return testApp
      .http()
      .post(`/api/reviews/${review}/reports`)
      .set('Authorization', as(reader))
      .send(body);
  }

  async function reportedBy(review: string, count: number, reason = 'spam') {
    const readers: RegisteredUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const reader = await registerEstablishedUser(testApp, { name: `Reader ${i}` });
      await report(review, reader, { reason }).expect(201);
      readers.push(reader);
    }
    return readers;
  }

  async function asAuthor(review: string, author: RegisteredUser): Promise<ReviewBody> {
    const response = await testApp
      .http()
      .get(`/api/myeditedreviews/${review}`)
      .set('Authorization', as(author))
      .expect(200);
    return response.body;
  }

  async function publicList(service: string): Promise<ReviewBody[]> {
    return (await testApp.http().get(`/api/reviews?service=${service}`).expect(200)).body;
  }

  async function titleOf(service: string): Promise<string> {
    return (await testApp.http().get(`/api/services/${service}`).expect(200)).body.title;
  }

  async function reportQueue(): Promise<{ review: ReviewBody; reports: ReviewBody[] }[]> {
    const response = await testApp
      .http()
      .get('/api/admin/reports?limit=100')
      .set('Authorization', as(admin))
      .expect(200);
    return response.body;
  }

  async function notified(user: RegisteredUser, text: string) {
    await eventually(`"${text}" notice`, async () => {
      const response = await testApp
        .http()
        .get('/api/notifications')
        .set('Authorization', as(user))
        .expect(200);
      return response.body.some((entry: { text: string }) => entry.text.includes(text))
        ? true
        : undefined;
    });
  }

  async function audited(review: string, type: string) {
    return eventually(`the ${type} audit entry`, async () => {
      const response = await testApp
        .http()
        .get(`/api/admin/audit?review=${review}&action=${type}`)
        .set('Authorization', as(admin))
        .expect(200);
      return response.body[0] as
        { actor: { id: string }; before: ReviewBody; after: ReviewBody } | undefined;
    });
  }

  describe('reporting', () => {
    it('any signed-in reader but the author reports once, sees and withdraws their report', async () => {
      const { review, author } = await reviewed();
      const reader = await registerEstablishedUser(testApp);

      await testApp
        .http()
        .post(`/api/reviews/${review}/reports`)
        .send({ reason: 'spam' })
        .expect(401);
      const own = await report(review, author).expect(403);
      expect(own.body).toMatchObject({
        error: 'You cannot report your own review.',
        code: 'OWN_REVIEW',
      });
      expect((await report(review, reader, { reason: 'boring' }).expect(400)).body.error).toMatch(
        /^Invalid request: reason must be one of spam, fake, offensive/,
      );
      expect((await report(review, reader, { reason: 'other' }).expect(400)).body.error).toBe(
        'Invalid request: text must be 3 to 500 characters long (required for "other").',
      );
      await report('0123456789abcdef01234567', reader).expect(404);

      const listedForReader = await testApp
        .http()
        .get(`/api/reviews?service=${(await asAuthor(review, author)).service}`)
        .set('Authorization', as(reader))
        .expect(200);
      expect(listedForReader.body[0].permissions).toMatchObject({ report: true, edit: false });
      const created = await report(review, reader, { reason: 'fake' }).expect(201);
      expect(created.body).toMatchObject({
        reason: 'fake',
        weight: 1,
        held: false,
        status: 'open',
      });
      const again = await report(review, reader, { reason: 'spam' }).expect(409);
      expect(again.body).toMatchObject({ code: 'ALREADY_REPORTED' });

      const mine = await testApp
        .http()
        .get(`/api/reviews/${review}/reports/mine`)
        .set('Authorization', as(reader))
        .expect(200);
      expect(mine.body).toMatchObject({ reason: 'fake' });
      expect(await asAuthor(review, author)).toMatchObject({
        status: 'published',
        reportCount: 1,
        reportWeight: 1,
        reportReasons: ['fake'],
      });
      // The public sees neither the reasons nor the reporters.
      const listed = (await publicList((await asAuthor(review, author)).service as string))[0];
      expect(listed).not.toHaveProperty('reportReasons');

      await testApp
        .http()
        .delete(`/api/reviews/${review}/reports/mine`)
        .set('Authorization', as(reader))
        .expect(200);
      await testApp
        .http()
        .delete(`/api/reviews/${review}/reports/mine`)
        .set('Authorization', as(reader))
        .expect(404);
      expect(await asAuthor(review, author)).toMatchObject({
        reportCount: 0,
        reportWeight: 0,
        reported: false,
      });
      const withdrawn = await audited(review, 'review.report_withdrawn');
      expect(withdrawn.before.reportCount).toBe(1);
      expect(withdrawn.after.reportCount).toBe(0);
    });

    it('tells a reader which reviews of a page they reported, and where each report stands', async () => {
      const first = await reviewed();
      const second = await reviewed();
      const reader = await registerEstablishedUser(testApp);
      const mineAmong = (reviews: string, user: RegisteredUser | null = reader) => {
        const request = testApp.http().get(`/api/reports/mine?reviews=${reviews}`);
        return user ? request.set('Authorization', as(user)) : request;
      };
      const both = `${first.review},${second.review}`;

      await mineAmong(both, null).expect(401);
      expect((await mineAmong(both).expect(200)).body).toEqual([]);
      await report(first.review, reader, { reason: 'fake' }).expect(201);
      expect((await mineAmong(both).expect(200)).body).toEqual([
        { reviewId: first.review, status: 'open' },
      ]);
      // Only the caller's own reports: the author of the second review reported nothing.
      expect((await mineAmong(both, second.author).expect(200)).body).toEqual([]);

      await testApp
        .http()
        .delete(`/api/reviews/${first.review}/reports/mine`)
        .set('Authorization', as(reader))
        .expect(200);
      expect((await mineAmong(both).expect(200)).body).toEqual([]);

      const flagged = await reviewed();
      const [decided] = await reportedBy(flagged.review, 2);
      await testApp
        .http()
        .post(`/api/admin/reviews/${flagged.review}/reports/dismiss`)
        .set('Authorization', as(admin))
        .expect(200);
      await audited(flagged.review, 'review.reports_decided');
      expect((await mineAmong(flagged.review, decided).expect(200)).body).toEqual([
        { reviewId: flagged.review, status: 'dismissed' },
      ]);

      expect((await mineAmong('nope').expect(400)).body.error).toBe(
        'Invalid request: reviews must hold review ids separated by commas.',
      );
      const tooMany = Array.from({ length: 101 }, () => first.review).join(',');
      expect((await mineAmong(tooMany).expect(400)).body.error).toBe(
        'Invalid request: reviews may hold at most 100 review ids.',
      );
    });

    it('reports past the weighted threshold flag the review for an admin, with reasons and reporters', async () => {
      const { service, review, author } = await reviewed();
      const [first] = await reportedBy(review, 1, 'offensive');
      expect((await asAuthor(review, author)).status).toBe('published');
      expect((await publicList(service)).map((entry) => entry._id)).toContain(review);

      const [second] = await reportedBy(review, 1, 'fake');
      expect(await asAuthor(review, author)).toMatchObject({
        status: 'flagged',
        moderationReasons: ['reports'],
        reportWeight: 2,
        reportReasons: ['offensive', 'fake'],
      });
      expect((await publicList(service)).map((entry) => entry._id)).not.toContain(review);

      const queued = (await reportQueue()).find((entry) => entry.review._id === review);
      expect(queued?.reports.map((entry) => [entry.reporterEmail, entry.reason])).toEqual([
        [first.email, 'offensive'],
        [second.email, 'fake'],
      ]);
      await notified(author, 'was held because it was reported by readers.');
      const reported = await audited(review, 'review.reported');
      expect(reported.actor.id).toBe(second.uid);
    });

    it('reports from new or unverified accounts queue the review for an admin but never hide it', async () => {
      const { service, review, author } = await reviewed();
      for (let i = 0; i < 10; i += 1) {
        const fresh = await registerUser(testApp, { name: `Fresh ${i}` });
        expect((await report(review, fresh).expect(201)).body.weight).toBe(0);
      }
      // Verified but made minutes ago: still nothing.
      const young = await registerEstablishedUser(testApp, { daysOld: 0 });
      expect((await report(review, young).expect(201)).body.weight).toBe(0);

      expect(await asAuthor(review, author)).toMatchObject({
        status: 'published',
        reportCount: 11,
        reportWeight: 0,
      });
      expect((await publicList(service)).map((entry) => entry._id)).toContain(review);
      const queued = (await reportQueue()).find((entry) => entry.review._id === review);
      expect(queued?.reports).toHaveLength(11);

      // Established, verified readers (past the burst guard's week) still hide it.
      for (let i = 0; i < 2; i += 1) {
        await report(review, await registerEstablishedUser(testApp, { daysOld: 10 })).expect(201);
      }
      expect((await asAuthor(review, author)).status).toBe('flagged');
      expect((await publicList(service)).map((entry) => entry._id)).not.toContain(review);
    });

    it('a burst of reports from new accounts on one service is held without hiding the review', async () => {
      const service = await addService(testApp, owner.accessToken);
      const reviews: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const author = await registerUser(testApp, { name: `Author ${i}` });
        reviews.push(await addReview(testApp, author.accessToken, service));
      }
      // Four new accounts' reports count (one per review, under the threshold each); the fifth
      // is one too many in the window.
      for (const review of reviews.slice(0, 4)) await reportedBy(review, 1);
      const fifth = reviews[4];
      const reader = await registerUser(testApp);
      const held = await report(fifth, reader).expect(201);
      expect(held.body).toMatchObject({ held: true, weight: 0 });

      expect((await publicList(service)).map((entry) => entry._id)).toContain(fifth);
      const queued = (await reportQueue()).find((entry) => entry.review._id === fifth);
      expect(queued?.review).toMatchObject({
        status: 'published',
        reportWeight: 0,
        reportsHeld:
          'Mass reporting: 5 reports on this service from new or low-standing accounts within 60 minutes',
      });
    });

    it("a burst of reports on one author's reviews across services is held too", async () => {
      const author = await registerUser(testApp, { name: 'Busy Author' });
      const reviews: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const service = await addService(testApp, owner.accessToken);
        reviews.push(await addReview(testApp, author.accessToken, service));
      }
      for (const review of reviews.slice(0, 4)) await reportedBy(review, 1);
      const held = await report(reviews[4], await registerUser(testApp)).expect(201);
      expect(held.body).toMatchObject({ held: true, weight: 0 });
      const queued = (await reportQueue()).find((entry) => entry.review._id === reviews[4]);
      expect(queued?.review.reportsHeld).toBe(
        "Mass reporting: 5 reports on this author's reviews from new or low-standing accounts within 60 minutes",
      );
    });

    it('concurrent reports and withdrawals lose none: the counts and reasons come out exact', async () => {
      const { review, author } = await reviewed();
      const readers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => registerUser(testApp, { name: `Racer ${i}` })),
      );
      const reasons = ['spam', 'fake', 'offensive', 'off_topic'];
      // Past the burst limit some are held (weight 0): which ones depends on the race.
      const weights = await Promise.all(
        readers.map(
          async (reader, i) =>
            (await report(review, reader, { reason: reasons[i % 4] }).expect(201)).body
              .weight as number,
        ),
      );
      // Half withdraw while the other half's reasons must stay: readers 0-3 hold every reason.
      await Promise.all(
        readers
          .slice(4)
          .map((reader) =>
            testApp
              .http()
              .delete(`/api/reviews/${review}/reports/mine`)
              .set('Authorization', as(reader))
              .expect(200),
          ),
      );
      const after = await asAuthor(review, author);
      const kept = weights.slice(0, 4).reduce((sum, weight) => sum + weight, 0);
      expect(after).toMatchObject({ reportCount: 4, reportsReceived: 4 });
      expect(after.reportWeight).toBeCloseTo(kept, 2);
      expect([...(after.reportReasons as string[])].sort()).toEqual([...reasons].sort());
    });
  });

  describe('admin decisions', () => {
    it("upholding removes the review with a public placeholder and raises the reporters' standing", async () => {
      const { service, review, author } = await reviewed();
      const reporters = await reportedBy(review, 2);

      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(author))
        .send({ reason: 'Advertising.' })
        .expect(403);
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(admin))
        .send({})
        .expect(400);
      const upheld = await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(admin))
        .send({ reason: 'Advertising is not allowed.' })
        .expect(200);
      expect(upheld.body).toEqual({ success: true, status: 'rejected' });
      const again = await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(admin))
        .send({ reason: 'Advertising is not allowed.' })
        .expect(409);
      expect(again.body.code).toBe('ALREADY_DECIDED');

      const placeholder = (await publicList(service)).find((entry) => entry._id === review);
      expect(placeholder).toMatchObject({
        status: 'rejected',
        title: '',
        details: '',
        removal: { reason: 'Advertising is not allowed.' },
      });
      expect((await reportQueue()).map((entry) => entry.review._id)).not.toContain(review);
      await notified(author, 'was removed after reports: Advertising is not allowed.');

      // Upheld once: a young account's 1 doubles to 2 for the next report.
      const next = await reviewed();
      const weighed = await report(next.review, reporters[0]).expect(201);
      expect(weighed.body.weight).toBe(2);
      const decided = await audited(review, 'review.reports_decided');
      expect(decided.before.status).toBe('flagged');
      expect(decided.after.status).toBe('rejected');
    });

    it("dismissing keeps the review public and lowers the reporters' standing", async () => {
      const { service, review, author } = await reviewed();
      const reporters = await reportedBy(review, 2);
      expect((await asAuthor(review, author)).status).toBe('flagged');

      const dismissed = await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/dismiss`)
        .set('Authorization', as(admin))
        .expect(200);
      expect(dismissed.body).toEqual({ success: true, status: 'published' });
      expect((await publicList(service)).find((entry) => entry._id === review)).toMatchObject({
        details: 'Arrived on time and intact.',
      });
      expect(await asAuthor(review, author)).toMatchObject({ reportCount: 0, reported: false });
      // The worker closes the reports the decision took in before it audits the decision.
      await audited(review, 'review.reports_decided');

      // Dismissed once: 1 × 1/3.
      const next = await reviewed();
      const weighed = await report(next.review, reporters[1]).expect(201);
      expect(weighed.body.weight).toBe(0.33);
    });

    it('a decision closes the reports it took in; a report made after it stays open', async () => {
      const { service, review, author } = await reviewed();
      await reportedBy(review, 2);
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/dismiss`)
        .set('Authorization', as(admin))
        .expect(200);
      const [late] = await reportedBy(review, 1, 'fake');
      await audited(review, 'review.reports_decided');

      const mine = await testApp
        .http()
        .get(`/api/reviews/${review}/reports/mine`)
        .set('Authorization', as(late))
        .expect(200);
      expect(mine.body.status).toBe('open');
      expect(await asAuthor(review, author)).toMatchObject({ reported: true, reportCount: 1 });
      const queued = (await reportQueue()).find((entry) => entry.review._id === review);
      expect(queued?.reports.map((entry) => entry.reason)).toEqual(['fake']);
      // The queue names the service as it is listed, not the title the reviewer typed.
      expect(queued?.review.serviceTitle).toBe(await titleOf(service));
    });
  });

  describe('appeals', () => {
    it('the author sees every reason, appeals once per decision, and the admin restores the review', async () => {
      const { service, review, author } = await reviewed();
      await reportedBy(review, 2, 'fake');
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(admin))
        .send({ reason: 'Not a real delivery.' })
        .expect(200);

      const mine = await testApp
        .http()
        .get('/api/myreviews')
        .set('Authorization', as(author))
        .expect(200);
      expect(mine.body.find((entry: ReviewBody) => entry._id === review)).toMatchObject({
        status: 'rejected',
        moderationReasons: ['reports'],
        reportReasons: ['fake'],
        moderationNote: 'Not a real delivery.',
      });

      const stranger = await registerUser(testApp);
      const appealAs = (user: RegisteredUser, text: string) =>
        testApp
          .http()
          .post(`/api/reviews/${review}/appeal`)
          .set('Authorization', as(user))
          .send({ text });
      await appealAs(stranger, 'This is not even my review.').expect(403);
      expect((await appealAs(author, 'No').expect(400)).body.error).toBe(
        'Invalid request: text must be 10 to 2000 characters long.',
      );
      const appealed = await appealAs(author, 'It was my parcel, here is the tracking.').expect(
        200,
      );
      expect(appealed.body.appeal).toMatchObject({ status: 'open' });
      const twice = await appealAs(author, 'Please look at it again.').expect(409);
      expect(twice.body).toMatchObject({
        error: 'You have already appealed this decision.',
        code: 'ALREADY_APPEALED',
      });

      const queue = await testApp
        .http()
        .get('/api/admin/appeals')
        .set('Authorization', as(admin))
        .expect(200);
      expect(queue.body.find((entry: ReviewBody) => entry._id === review)).toMatchObject({
        serviceTitle: await titleOf(service),
        appeal: { text: 'It was my parcel, here is the tracking.', status: 'open' },
      });
      const restored = await testApp
        .http()
        .post(`/api/admin/reviews/${review}/appeal/decide`)
        .set('Authorization', as(admin))
        .send({ outcome: 'restore', note: 'Tracking checked.' })
        .expect(200);
      expect(restored.body).toEqual({ success: true, status: 'published' });
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/appeal/decide`)
        .set('Authorization', as(admin))
        .send({ outcome: 'restore' })
        .expect(409);
      expect((await publicList(service)).find((entry) => entry._id === review)).toMatchObject({
        status: 'published',
        details: 'Arrived on time and intact.',
      });
      expect((await asAuthor(review, author)).removal).toBeUndefined();
      const notAppealable = await appealAs(author, 'Nothing to appeal any more.').expect(409);
      expect(notAppealable.body.code).toBe('NOT_APPEALABLE');

      await notified(author, 'Your appeal was granted');
      expect((await audited(review, 'review.appealed')).after.appealOpen).toBe(true);
      expect((await audited(review, 'review.appeal_decided')).after.status).toBe('published');
    });

    it('answers the appeal with all its author may do', async () => {
      const service = await addService(testApp, admin.accessToken);
      const review = await addReview(testApp, owner.accessToken, service);
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reject`)
        .set('Authorization', as(admin))
        .send({ reason: 'It reads like an advertisement.' })
        .expect(200);
      const appealed = await testApp
        .http()
        .post(`/api/reviews/${review}/appeal`)
        .set('Authorization', as(owner))
        .send({ text: 'I used it as a customer and say so.' })
        .expect(200);
      expect(appealed.body.permissions).toEqual({
        edit: true,
        delete: true,
        reply: false,
        report: false,
        helpful: false,
        appeal: false,
      });
      const editable = await testApp
        .http()
        .get(`/api/myeditedreviews/${review}`)
        .set('Authorization', as(owner))
        .expect(200);
      expect(appealed.body.permissions).toEqual(editable.body.permissions);
    });

    it('a kept decision cannot be appealed again; a new decision can', async () => {
      const { review, author } = await reviewed();
      const reject = (reason: string) =>
        testApp
          .http()
          .post(`/api/admin/reviews/${review}/reject`)
          .set('Authorization', as(admin))
          .send({ reason });
      const appeal = () =>
        testApp
          .http()
          .post(`/api/reviews/${review}/appeal`)
          .set('Authorization', as(author))
          .send({ text: 'I disagree with this decision.' });
      await reject('Off topic.').expect(200);
      await appeal().expect(200);
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/appeal/decide`)
        .set('Authorization', as(admin))
        .send({ outcome: 'keep', note: 'Still off topic.' })
        .expect(200);
      expect(await asAuthor(review, author)).toMatchObject({
        status: 'rejected',
        appeal: { status: 'denied', note: 'Still off topic.' },
      });
      await appeal().expect(409);
      await notified(author, 'was turned down (Still off topic.)');

      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/approve`)
        .set('Authorization', as(admin))
        .expect(200);
      await reject('Personal details.').expect(200);
      await appeal().expect(200);
    });
  });

  describe('public edit history', () => {
    it('every edit keeps the version it replaced, and visitors read them', async () => {
      const { service, review, author } = await reviewed('First text of the review.');
      const edit = (body: object) =>
        testApp
          .http()
          .patch(`/api/updatereviews/edit/${review}`)
          .set('Authorization', as(author))
          .send(body)
          .expect(200);
      await edit({ details: 'Second text of the review.' });
      await edit({ serviceID: 77 }); // not the content: no new version
      await edit({ details: 'Third text of the review.', rating: 2 });

      const listed = (await publicList(service)).find((entry) => entry._id === review);
      expect(listed).toMatchObject({ versionCount: 2, details: 'Third text of the review.' });
      expect(typeof listed?.editedAt).toBe('string');

      const history = await testApp.http().get(`/api/reviews/${review}/versions`).expect(200);
      expect(
        history.body.versions.map((version: { details: string; rating: number }) => [
          version.details,
          version.rating,
        ]),
      ).toEqual([
        ['Third text of the review.', 2],
        ['Second text of the review.', 4],
        ['First text of the review.', 4],
      ]);
      expect(history.body.versions[0].replacedAt).toBeUndefined();
      expect(typeof history.body.versions[1].replacedAt).toBe('string');
      const edited = await audited(review, 'review.updated');
      expect(edited.before).toHaveProperty('details');
      expect(edited.after).toHaveProperty('details');

      await testApp.http().get('/api/reviews/not-an-id/versions').expect(400);
      await testApp.http().get('/api/reviews/0123456789abcdef01234567/versions').expect(404);
    });

    it("a take-down hides the versions; the spec's DELETE removes the review from the list", async () => {
      const { service, review, author } = await reviewed();
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reject`)
        .set('Authorization', as(admin))
        .send({ reason: 'Personal details.' })
        .expect(200);
      await testApp.http().get(`/api/reviews/${review}/versions`).expect(404);
      expect((await publicList(service)).map((entry) => entry.removal)).toEqual([
        expect.objectContaining({ reason: 'Personal details.' }),
      ]);

      await testApp
        .http()
        .delete(`/api/reviews/${review}`)
        .set('Authorization', as(author))
        .expect(200);
      expect(await publicList(service)).toEqual([]);
    });
  });

  describe('transparency', () => {
    it("a service's panel counts its reviews by status, reports received and upheld", async () => {
      const { service, review } = await reviewed();
      const other = await registerUser(testApp);
      await addReview(testApp, other.accessToken, service);
      await reportedBy(review, 2);
      await testApp
        .http()
        .post(`/api/admin/reviews/${review}/reports/uphold`)
        .set('Authorization', as(admin))
        .send({ reason: 'Advertising is not allowed.' })
        .expect(200);
      const panel = await testApp.http().get(`/api/services/${service}/transparency`).expect(200);
      expect(panel.body).toEqual({
        published: 1,
        flagged: 0,
        removed: 1,
        reportsReceived: 2,
        reportsUpheld: 2,
        verifiedShare: 0,
      });
      await testApp.http().get('/api/services/0123456789abcdef01234567/transparency').expect(404);
    });

    it('the monthly figures count reports, decisions and what each rule flagged', async () => {
      const { service } = await reviewed();
      const rude = await registerUser(testApp);
      await addReview(testApp, rude.accessToken, service, {
        details: 'These couriers are assholes, never again.',
      });
      const month = new Date().toISOString().slice(0, 7);
      const figures = await eventually(
        'the month figures',
        async () => {
          const response = await testApp.http().get('/api/transparency').expect(200);
          const current = response.body.find((entry: { month: string }) => entry.month === month);
          const profanity = current?.rules.find(
            (rule: { rule: string }) => rule.rule === 'PROFANITY',
          );
          return profanity && current.reportsUpheld > 0 ? { current, profanity } : undefined;
        },
        10_000,
      );
      expect(figures.profanity.flagged).toBeGreaterThanOrEqual(1);
      expect(figures.current.reportsReceived).toBeGreaterThanOrEqual(figures.current.reportsUpheld);
      expect(figures.current.appealsGranted).toBeGreaterThanOrEqual(1);
      expect(figures.current.edits).toBeGreaterThanOrEqual(2);
    });
  });
});

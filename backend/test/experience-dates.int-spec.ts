import { addReview, addService } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** A review's optional date of experience: checked, stored, answered, kept and audited. */
describe("a review's date of experience", () => {
  const testApp = useTestApp({ worker: true });
  let author: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    author = await registerUser(testApp);
    admin = await registerAdmin(testApp);
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const read = async (id: string) =>
    (await testApp.http().get(`/api/myeditedreviews/${id}`).set('Authorization', as(author))).body;
  const edit = (id: string, body: Record<string, unknown>) =>
    testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(author))
      .send(body);
  const daysAgo = (days: number) =>
    new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

  const refusals = [
    daysAgo(-3),
    daysAgo(3 * 365),
    '1999-12-31',
    '2026-02-30',
    '1/3/2026',
    '2026-03-01T10:00:00Z',
    20260301,
  ];
  const SENTENCE =
    'experiencedAt must be a date (YYYY-MM-DD) within the last 2 years, not in the future';

  it('is refused on a new review with a sentence when not a past day of the last 2 years', async () => {
    const service = await addService(testApp, admin.accessToken);
    for (const experiencedAt of refusals) {
      const response = await testApp
        .http()
        .post('/api/addreviews')
        .set('Authorization', as(author))
        .send({ title: 't', details: 'd', serviceID: 1000, rating: 3, service, experiencedAt })
        .expect(400);
      expect(response.body.details).toEqual([
        expect.objectContaining({ field: 'experiencedAt', message: SENTENCE }),
      ]);
    }
  });

  it('is stored and answered, kept by an edit of other fields, changed and removed by an edit', async () => {
    const service = await addService(testApp, admin.accessToken);
    const experiencedAt = daysAgo(10);
    const id = await addReview(testApp, author.accessToken, service, { experiencedAt });
    expect(await read(id)).toMatchObject({ experiencedAt });
    const listed = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
    expect(listed.body[0]).toMatchObject({ _id: id, experiencedAt });

    await edit(id, { details: 'Arrived a day late, but intact.' }).expect(200);
    expect(await read(id)).toMatchObject({ experiencedAt });

    const later = daysAgo(2);
    await edit(id, { experiencedAt: later }).expect(200);
    expect(await read(id)).toMatchObject({ experiencedAt: later });

    await edit(id, { experiencedAt: null }).expect(200);
    expect(await read(id)).not.toHaveProperty('experiencedAt');
  });

  it('an edit is refused with the sentence, and the stored date stays', async () => {
    const service = await addService(testApp, admin.accessToken);
    const experiencedAt = daysAgo(1);
    const id = await addReview(testApp, author.accessToken, service, { experiencedAt });
    for (const refused of refusals) {
      const response = await edit(id, { experiencedAt: refused }).expect(400);
      expect(response.body).toMatchObject({ success: false });
      expect(JSON.stringify(response.body)).toContain(SENTENCE);
    }
    expect(await read(id)).toMatchObject({ experiencedAt });
  });

  it("is in the audit trail's before and after, and in the author's export", async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, author.accessToken, service, {
      experiencedAt: daysAgo(20),
    });
    await edit(id, { experiencedAt: daysAgo(5) }).expect(200);
    const entries = await eventually('the review.updated entry', async () => {
      const { body } = await testApp
        .http()
        .get(`/api/admin/audit?review=${id}`)
        .set('Authorization', as(admin))
        .expect(200);
      return body.some((entry: { type: string }) => entry.type === 'review.updated')
        ? body
        : undefined;
    });
    const updated = entries.find((entry: { type: string }) => entry.type === 'review.updated');
    expect(updated.before).toMatchObject({ experiencedAt: daysAgo(20) });
    expect(updated.after).toMatchObject({ experiencedAt: daysAgo(5) });

    const exported = await testApp
      .http()
      .get('/api/account/export')
      .set('Authorization', as(author))
      .expect(200);
    expect(exported.body.reviews).toContainEqual(
      expect.objectContaining({ _id: id, experiencedAt: daysAgo(5) }),
    );
  });
});

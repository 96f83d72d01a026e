import { addReview, addService } from './support/catalog-helpers';
import { uniqueTag } from '../../frontend/e2e/unique-tag';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** New services pass the screening rules, or wait for an admin off the home page and the lists. */
describe('screening new services', () => {
  const testApp = useTestApp({ worker: true });
  let admin: RegisteredUser;
  let owner: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
    owner = await registerUser(testApp);
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  async function listedIds(): Promise<string[]> {
    const [list, home] = await Promise.all([
      testApp.http().get('/api/services?limit=100&sort=newest').expect(200),
      testApp.http().get('/api/servicelimit').expect(200),
    ]);
    return [...list.body, ...home.body].map((service: { _id: string }) => service._id);
  }

  it('lists a clean service at once, and holds a junk one with its reasons', async () => {
    const clean = await addService(testApp, owner.accessToken);
    const junk = await addService(testApp, owner.accessToken, { title: 'X' });
    const listed = await listedIds();
    expect(listed).toContain(clean);
    expect(listed).not.toContain(junk);

    const page = await testApp.http().get(`/api/services/${junk}`).expect(200);
    expect(page.body.screening).toMatchObject({ status: 'pending', reasons: ['JUNK_TITLE'] });
    const queue = await testApp
      .http()
      .get('/api/admin/services/screening')
      .set('Authorization', as(admin))
      .expect(200);
    // Other suites' held services share the storage: look for this test's own.
    const queued = queue.body.map((service: { _id: string }) => service._id);
    expect(queued).toContain(junk);
    expect(queued).not.toContain(clean);
    await testApp
      .http()
      .get('/api/admin/services/screening')
      .set('Authorization', as(owner))
      .expect(403);

    const approved = await testApp
      .http()
      .post(`/api/admin/services/${junk}/approve`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(approved.body.screening).toBeUndefined();
    expect(await listedIds()).toContain(junk);
    const again = await testApp
      .http()
      .post(`/api/admin/services/${junk}/approve`)
      .set('Authorization', as(admin))
      .expect(409);
    expect(again.body.code).toBe('ALREADY_DECIDED');
  });

  it('an admin refuses a held service with a reason its owner reads', async () => {
    const rude = await addService(testApp, owner.accessToken, {
      details: 'Call +1 555 123 4567 for these assholes',
    });
    await testApp
      .http()
      .post(`/api/admin/services/${rude}/reject`)
      .set('Authorization', as(admin))
      .send({})
      .expect(400);
    await testApp
      .http()
      .post(`/api/admin/services/${rude}/reject`)
      .set('Authorization', as(admin))
      .send({ reason: 'Not a delivery service.' })
      .expect(200);
    const page = await testApp.http().get(`/api/services/${rude}`).expect(200);
    expect(page.body.screening).toMatchObject({
      status: 'rejected',
      reasons: ['PROFANITY', 'CONTACT_DETAILS'],
      note: 'Not a delivery service.',
    });
    expect(await listedIds()).not.toContain(rude);
  });

  it("an admin's service is listed whatever it looks like", async () => {
    const adminJunk = await addService(testApp, admin.accessToken, { title: 'Q' });
    expect(await listedIds()).toContain(adminJunk);
  });

  it('nobody reviews a held service until an admin lists it; its owner sees it in their services; the decision is audited', async () => {
    const held = await addService(testApp, owner.accessToken, { title: '..' });
    const reader = await registerUser(testApp);
    const refused = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(reader))
      .send({ title: 'Dots', details: 'Arrived on time.', serviceID: 12, rating: 4, service: held })
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'SERVICE_NOT_LISTED',
      error: 'This service is not listed yet: it can be reviewed once an admin has checked it.',
    });

    await testApp.http().get('/api/myservices').expect(401);
    const mine = await testApp.http().get('/api/myservices').set('Authorization', as(owner));
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({
      _id: held,
      screening: { status: 'pending', reasons: ['JUNK_TITLE'] },
    });
    const others = await testApp.http().get('/api/myservices').set('Authorization', as(reader));
    expect(others.body).toEqual([]);

    await testApp
      .http()
      .post(`/api/admin/services/${held}/approve`)
      .set('Authorization', as(admin))
      .expect(200);
    await addReview(testApp, reader.accessToken, held);

    const audited = await eventually('the service.screened audit entry', async () => {
      const response = await testApp
        .http()
        .get('/api/admin/audit?action=service.screened')
        .set('Authorization', as(admin))
        .expect(200);
      return (
        response.body as { serviceId?: string; before: { screening?: object }; after: object }[]
      ).find((entry) => entry.serviceId === held);
    });
    expect(audited.before.screening).toMatchObject({ status: 'pending' });
    expect(audited.after).not.toHaveProperty('screening');
  });

  it("a copy of another service's description waits for an admin; a refused add claims no text", async () => {
    const details = `Same-day vans from the docks, run ${uniqueTag()}.`;
    const first = await addService(testApp, owner.accessToken, { details });
    const copy = await addService(testApp, owner.accessToken, {
      details: `  ${details.replace('Same-day', 'same day').replace(/,/g, ' ,')}`,
    });
    expect(
      (await testApp.http().get(`/api/services/${first}`).expect(200)).body,
    ).not.toHaveProperty('screening');
    const held = await testApp.http().get(`/api/services/${copy}`).expect(200);
    expect(held.body.screening).toMatchObject({
      status: 'pending',
      reasons: ['DUPLICATE_DESCRIPTION'],
    });

    // A title already taken is refused before the text is kept: the next service may use it.
    const takenTitle = (await testApp.http().get(`/api/services/${first}`)).body.title as string;
    const fresh = `Night trucks to the border, run ${uniqueTag()}.`;
    await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', as(owner))
      .send({ title: takenTitle, price: 20, image: '/images/services/test.svg', details: fresh })
      .expect(409);
    const next = await addService(testApp, owner.accessToken, { details: fresh });
    expect((await testApp.http().get(`/api/services/${next}`).expect(200)).body).not.toHaveProperty(
      'screening',
    );
  });
});

import { addService } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

/** New services pass the screening rules, or wait for an admin off the home page and the lists. */
describe('screening new services', () => {
  const testApp = useTestApp();
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
    expect(queue.body.map((service: { _id: string }) => service._id)).toEqual([junk]);
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
});

import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { addReview, addService, inviteCustomer } from './support/catalog-helpers';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';

const REVIEW = { title: 'Invited', details: 'Came on time.', serviceID: 4821, rating: 5 };

const invite = (testApp: TestApp, owner: RegisteredUser, service: string, email?: string) =>
  inviteCustomer(testApp, owner.accessToken, service, email);

function reviewThrough(
  testApp: TestApp,
  reviewer: RegisteredUser,
  service: string,
  invitation: string,
) {
  return testApp
    .http()
    .post('/api/addreviews')
    .set('Authorization', `Bearer ${reviewer.accessToken}`)
    .send({ ...REVIEW, service, invitation });
}

async function reviewOf(testApp: TestApp, service: string, id: string) {
  const list = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
  return (list.body as { _id: string; verifiedCustomer?: boolean }[]).find(
    (review) => review._id === id,
  );
}

describe('verified customers: invitation links', () => {
  const testApp = useTestApp({ mail: true, worker: true });
  let owner: RegisteredUser;
  let admin: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    owner = await registerUser(testApp);
    admin = await registerAdmin(testApp);
    service = await addService(testApp, owner.accessToken);
  });

  it('works once: the review carries the label, a second use is refused with a sentence', async () => {
    const created = await invite(testApp, owner, service).expect(201);
    expect(created.body).toMatchObject({ emailed: false });
    expect(created.body.url).toBe(`${testApp.config.publicUrl}/invitations/${created.body.token}`);
    const landing = await testApp.http().get(`/api/invitations/${created.body.token}`).expect(200);
    expect(landing.body).toMatchObject({ serviceId: service, state: 'open' });

    const customer = await registerUser(testApp);
    const written = await reviewThrough(testApp, customer, service, created.body.token).expect(201);
    expect(await reviewOf(testApp, service, written.body.insertedId)).toMatchObject({
      verifiedCustomer: true,
    });
    const used = await testApp.http().get(`/api/invitations/${created.body.token}`).expect(200);
    expect(used.body.state).toBe('used');

    const another = await registerUser(testApp);
    const again = await reviewThrough(testApp, another, service, created.body.token).expect(409);
    expect(again.body).toMatchObject({
      code: 'INVITATION_USED',
      error: 'This invitation was used already: each link is for one review.',
    });
    // The refused review was not written either.
    const { body } = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
    expect(body.filter((review: { authorId: string }) => review.authorId === another.uid)).toEqual(
      [],
    );
  });

  it('two customers racing with one link: exactly one review is written', async () => {
    const { body } = await invite(testApp, owner, service).expect(201);
    const [first, second] = await Promise.all([registerUser(testApp), registerUser(testApp)]);
    const answers = await Promise.all([
      reviewThrough(testApp, first, service, body.token),
      reviewThrough(testApp, second, service, body.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it("the owner's notification e-mail says in its subject what happened", async () => {
    const since = testApp.mail.lastId();
    const customer = await registerUser(testApp);
    await addReview(testApp, customer.accessToken, service);
    const mail = await testApp.mail.waitFor(owner.email, {
      since,
      subject: 'New review of your service · Service Critic',
    });
    expect(mail.text).toMatch(/^New review of /);
  });

  it('is e-mailed when an address is given, and its link opens the invitation', async () => {
    const email = uniqueEmail('customer');
    const since = testApp.mail.lastId();
    const created = await invite(testApp, owner, service, email).expect(201);
    expect(created.body.emailed).toBe(true);
    const mail = await testApp.mail.waitFor(email, { since });
    expect(mail.subject).toMatch(/asks for your review$/);
    expect(mail.text).toContain(created.body.url);
  });

  it('refuses the wrong service, an unknown link, the owner and anyone but the owner', async () => {
    const other = await addService(testApp, owner.accessToken);
    const { body } = await invite(testApp, owner, service).expect(201);
    const customer = await registerUser(testApp);
    const wrong = await reviewThrough(testApp, customer, other, body.token).expect(400);
    expect(wrong.body.code).toBe('INVITATION_OTHER_SERVICE');
    const unknown = await reviewThrough(testApp, customer, service, 'x'.repeat(43)).expect(404);
    expect(unknown.body).toMatchObject({ code: 'INVITATION_INVALID' });
    await testApp
      .http()
      .get(`/api/invitations/${'y'.repeat(43)}`)
      .expect(404);
    const own = await reviewThrough(testApp, owner, service, body.token).expect(403);
    expect(own.body.code).toBe('OWN_SERVICE');
    // The refusals left it usable.
    await reviewThrough(testApp, customer, service, body.token).expect(201);

    const stranger = await registerUser(testApp);
    const refused = await invite(testApp, stranger, service).expect(403);
    expect(refused.body.error).toBe('Only the owner of this service can invite its customers.');
    await invite(testApp, admin, service).expect(403);
    await testApp.http().post(`/api/services/${service}/invitations`).send({}).expect(401);
    const badEmail = await invite(testApp, owner, service, 'not an address').expect(400);
    expect(badEmail.body.details[0]).toMatchObject({ field: 'email' });
  });

  it('a review refused as a duplicate gives the invitation back', async () => {
    const customer = await registerUser(testApp);
    await addReview(testApp, customer.accessToken, service);
    const { body } = await invite(testApp, owner, service).expect(201);
    await reviewThrough(testApp, customer, service, body.token).expect(409);
    const still = await testApp.http().get(`/api/invitations/${body.token}`).expect(200);
    expect(still.body.state).toBe('open');
  });

  it('the label cannot be set, added or removed any other way; edits keep it', async () => {
    const customer = await registerUser(testApp);
    const forged = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', `Bearer ${customer.accessToken}`)
      .send({ ...REVIEW, service, verifiedCustomer: true })
      .expect(400);
    expect(forged.body.code).toBe('VALIDATION_FAILED');

    const plain = await addReview(testApp, customer.accessToken, service);
    for (const caller of [customer, admin]) {
      await testApp
        .http()
        .patch(`/api/updatereviews/edit/${plain}`)
        .set('Authorization', `Bearer ${caller.accessToken}`)
        .send({ verifiedCustomer: true })
        .expect(400);
    }
    expect((await reviewOf(testApp, service, plain))?.verifiedCustomer).toBeFalsy();

    const { body } = await invite(testApp, owner, service).expect(201);
    const invited = await registerUser(testApp);
    const written = await reviewThrough(testApp, invited, service, body.token).expect(201);
    const id = written.body.insertedId;
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', `Bearer ${invited.accessToken}`)
      .send({ verifiedCustomer: false })
      .expect(400);
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', `Bearer ${invited.accessToken}`)
      .send({ details: 'Came on time, and well packed.', rating: 4 })
      .expect(200);
    expect(await reviewOf(testApp, service, id)).toMatchObject({
      verifiedCustomer: true,
      rating: 4,
    });
  });

  it('making an invitation and using it are audited', async () => {
    const { body } = await invite(testApp, owner, service).expect(201);
    const customer = await registerUser(testApp);
    const written = await reviewThrough(testApp, customer, service, body.token).expect(201);
    const audit = (actor: string) =>
      testApp
        .http()
        .get(`/api/admin/audit?actor=${encodeURIComponent(actor)}`)
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200);
    const created = await eventually('the invitation.created entry', async () => {
      const entries = (await audit(owner.email)).body as { type: string; serviceId: string }[];
      const found = entries.filter((entry) => entry.type === 'invitation.created');
      return found.length >= 1 ? found : undefined;
    });
    expect(created[0]).toMatchObject({ serviceId: service, actorId: owner.uid });
    const used = await eventually('the invitation.used entry', async () => {
      const entries = (await audit(customer.email)).body as { type: string }[];
      return entries.find((entry) => entry.type === 'invitation.used');
    });
    expect(used).toMatchObject({
      serviceId: service,
      reviewId: written.body.insertedId,
      after: { state: 'used', reviewId: written.body.insertedId },
    });
  });
});

describe('verified customers: an expired invitation', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // Links that expire as they are made.
    testApp = await startTestApp({ INVITATION_TTL_DAYS: '0' });
  });
  afterAll(() => testApp.close());

  it('is refused with 410 and a sentence, and shows as expired', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const { body } = await invite(testApp, owner, service).expect(201);
    const landing = await testApp.http().get(`/api/invitations/${body.token}`).expect(200);
    expect(landing.body.state).toBe('expired');
    const customer = await registerUser(testApp);
    const refused = await reviewThrough(testApp, customer, service, body.token).expect(410);
    expect(refused.body).toMatchObject({
      code: 'INVITATION_EXPIRED',
      error: 'This invitation has expired: ask the business for a new link.',
    });
  });
});

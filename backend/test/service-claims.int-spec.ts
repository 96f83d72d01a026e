import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { linkToken } from './support/mail';
import { useTestApp, type TestApp } from './support/test-app';
import { eventually } from './support/test-worker';
import { serviceAuditEntry } from './support/audit-helpers';
import { uniqueTag } from '../../frontend/e2e/unique-tag';

const bearer = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.accessToken}` });

/** A service with a website at a domain of its own, added by `owner`; answers its id and domain. */
async function addServiceWithWebsite(testApp: TestApp, owner: RegisteredUser) {
  const domain = `fast${uniqueTag()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}.example`;
  const id = await addService(testApp, owner.accessToken, {
    website: `https://www.${domain}`,
  });
  return { id, domain };
}

const claim = (testApp: TestApp, user: RegisteredUser, service: string, email: string) =>
  testApp.http().post(`/api/services/${service}/claims`).set(bearer(user)).send({ email });

const confirm = (testApp: TestApp, user: RegisteredUser, service: string, token: string) =>
  testApp.http().post(`/api/services/${service}/claims/confirm`).set(bearer(user)).send({ token });

describe("a service's website and contact details", () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(testApp);
  });

  it('are refused with a sentence each when they are not an address, e-mail or phone', async () => {
    const refused = await testApp
      .http()
      .post('/api/addservices')
      .set(bearer(owner))
      .send({
        title: `Bad Contact ${uniqueTag()}`,
        price: 10,
        image: '/images/services/test.svg',
        details: `Parcels ${uniqueTag()}`,
        website: 'www.no-scheme.example',
        contactEmail: 'not-an-address',
        contactPhone: 'call us',
      })
      .expect(400);
    expect(refused.body.details).toEqual(
      expect.arrayContaining([
        {
          field: 'website',
          message: 'website must be a web address starting with https:// or http://',
        },
        { field: 'contactEmail', message: 'contactEmail must be an e-mail address' },
        {
          field: 'contactPhone',
          message:
            'contactPhone must be a phone number: 6 to 30 digits, spaces, dashes, dots or brackets, optionally after a +',
        },
      ]),
    );
    const ftp = await testApp
      .http()
      .put(`/api/services/${await addService(testApp, owner.accessToken)}/contact`)
      .set(bearer(owner))
      .send({ website: 'ftp://files.example' })
      .expect(400);
    expect(ftp.body.error).toContain('website must be a web address');
  });

  it('are shown on the service, and changed by its owner or an admin, no one else', async () => {
    const id = await addService(testApp, owner.accessToken, {
      website: 'https://www.harbour.example',
      contactEmail: 'desk@harbour.example',
      contactPhone: '+44 20 7946 0000',
    });
    const shown = await testApp.http().get(`/api/services/${id}`).set(bearer(owner)).expect(200);
    expect(shown.body).toMatchObject({
      website: 'https://www.harbour.example',
      contactEmail: 'desk@harbour.example',
      contactPhone: '+44 20 7946 0000',
      permissions: { edit: true, claim: true },
    });
    expect(shown.body.claimedAt).toBeUndefined();

    const stranger = await registerUser(testApp);
    const read = await testApp.http().get(`/api/services/${id}`).set(bearer(stranger)).expect(200);
    expect(read.body.permissions).toMatchObject({ edit: false, claim: true });
    const refused = await testApp
      .http()
      .put(`/api/services/${id}/contact`)
      .set(bearer(stranger))
      .send({ website: 'https://evil.example' })
      .expect(403);
    expect(refused.body.error).toBe('Only the owner of this service or an admin can change it.');

    const admin = await registerAdmin(testApp);
    const changed = await testApp
      .http()
      .put(`/api/services/${id}/contact`)
      .set(bearer(admin))
      .send({ website: 'https://harbour.example', contactPhone: '020 7946 0001' })
      .expect(200);
    expect(changed.body).toMatchObject({
      website: 'https://harbour.example',
      contactPhone: '020 7946 0001',
    });
    expect(changed.body.contactEmail).toBeUndefined();
    const after = await testApp.http().get(`/api/services/${id}`).expect(200);
    expect(after.body.website).toBe('https://harbour.example');
  });
});

describe('claiming a service', () => {
  // Loopback receivers allowed, for the former owner's webhook.
  const testApp = useTestApp({
    mail: true,
    worker: true,
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' },
  });
  let owner: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(testApp);
    admin = await registerAdmin(testApp);
  });

  const audit = (action: string, serviceId: string) =>
    serviceAuditEntry(testApp, admin, action, serviceId);

  /** Claims `service` as `claimant` at `email`, and answers the e-mailed link's token. */
  async function claimAndReadLink(claimant: RegisteredUser, service: string, email: string) {
    const since = testApp.mail.lastId();
    const asked = await claim(testApp, claimant, service, email).expect(201);
    expect(asked.body).toMatchObject({
      serviceId: service,
      email,
      status: 'awaiting_confirmation',
    });
    const sent = await testApp.mail.waitFor(email, { since });
    expect(sent.subject).toMatch(/^Confirm your claim of /);
    expect(sent.text).toContain(`${testApp.config.publicUrl}/services/${service}/claim?token=`);
    return linkToken(sent, `/services/${service}/claim`);
  }

  /** The claimant's notification of the admin's decision, once the worker delivered it. */
  const decisionNoticeOf = (claimant: RegisteredUser) =>
    eventually('the claimant notified', async () => {
      const listed = await testApp
        .http()
        .get('/api/notifications')
        .set(bearer(claimant))
        .expect(200);
      return (listed.body as { kind: string; text: string }[]).find(
        (n) => n.kind === 'service.claim_decided',
      );
    });

  /** A new service of `owner` with a website, and a claimant whose claim of it awaits an admin. */
  async function confirmedClaim() {
    const { id, domain } = await addServiceWithWebsite(testApp, owner);
    const claimant = await registerUser(testApp);
    const token = await claimAndReadLink(claimant, id, `ops@${domain}`);
    await confirm(testApp, claimant, id, token).expect(200);
    return { id, domain, claimant };
  }

  it('refuses an address at another domain than the website with 400 and a sentence', async () => {
    const { id, domain } = await addServiceWithWebsite(testApp, owner);
    const claimant = await registerUser(testApp);
    for (const email of ['ops@gmail.com', `ops@www.${domain}`, `ops@${domain}.evil.example`]) {
      const refused = await claim(testApp, claimant, id, email).expect(400);
      expect(refused.body).toMatchObject({
        code: 'CLAIM_DOMAIN_MISMATCH',
        error: `The e-mail address must be at ${domain}, the domain of the service's website.`,
      });
    }
    const invalid = await claim(testApp, claimant, id, 'not an address').expect(400);
    expect(invalid.body.details).toEqual([
      { field: 'email', message: 'email must be an e-mail address' },
    ]);
    const noWebsite = await addService(testApp, owner.accessToken);
    const nothing = await claim(testApp, claimant, noWebsite, `ops@${domain}`).expect(409);
    expect(nothing.body.code).toBe('NO_WEBSITE');
    await testApp
      .http()
      .post(`/api/services/${id}/claims`)
      .send({ email: `ops@${domain}` })
      .expect(401);
  });

  it('e-mails a link whose code confirms the claim once; a wrong code is refused', async () => {
    const { id, domain } = await addServiceWithWebsite(testApp, owner);
    const claimant = await registerUser(testApp);
    const token = await claimAndReadLink(claimant, id, `ops@${domain}`);

    const wrong = await confirm(testApp, claimant, id, `${token}x`).expect(400);
    expect(wrong.body).toMatchObject({
      code: 'CLAIM_CODE_INVALID',
      error:
        'This confirmation code is not valid: use the link in the latest e-mail, copied whole.',
    });
    // The code is the claimant's: another user holding it has no claim to confirm.
    const other = await registerUser(testApp);
    expect((await confirm(testApp, other, id, token).expect(404)).body.code).toBe(
      'CLAIM_NOT_FOUND',
    );

    const confirmed = await confirm(testApp, claimant, id, token).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'awaiting_approval', email: `ops@${domain}` });
    const again = await confirm(testApp, claimant, id, token).expect(409);
    expect(again.body.code).toBe('CLAIM_ALREADY_CONFIRMED');

    const queue = await testApp.http().get('/api/admin/claims').set(bearer(admin)).expect(200);
    expect(queue.body).toContainEqual(
      expect.objectContaining({ serviceId: id, userId: claimant.uid, status: 'awaiting_approval' }),
    );
    const confirmedEntry = await audit('service.claim_confirmed', id);
    expect(JSON.stringify(confirmedEntry)).not.toContain('codeHash');
  });

  it('an admin approves: the service is claimed, the claimant owns it, audited and told', async () => {
    const { id, domain, claimant } = await confirmedClaim();

    // Only admins decide.
    const path = `/api/admin/services/${id}/claims/${claimant.uid}`;
    await testApp.http().post(`${path}/approve`).set(bearer(claimant)).expect(403);
    await testApp.http().get('/api/admin/claims').set(bearer(owner)).expect(403);

    const approved = await testApp.http().post(`${path}/approve`).set(bearer(admin)).expect(200);
    expect(approved.body.status).toBe('approved');
    const service = await testApp
      .http()
      .get(`/api/services/${id}`)
      .set(bearer(claimant))
      .expect(200);
    expect(service.body.ownerId).toBe(claimant.uid);
    expect(service.body.claimedAt).toEqual(expect.any(String));
    expect(service.body.permissions).toMatchObject({ edit: true, reply: true, claim: false });
    const formerOwner = await testApp
      .http()
      .get(`/api/services/${id}`)
      .set(bearer(owner))
      .expect(200);
    expect(formerOwner.body.permissions).toMatchObject({ edit: false, reply: false });

    const entry = await audit('service.claim_decided', id);
    expect(entry.before).toMatchObject({ status: 'awaiting_approval', ownerId: owner.uid });
    expect(entry.after).toMatchObject({ status: 'approved', ownerId: claimant.uid });
    await testApp.http().post(`${path}/approve`).set(bearer(admin)).expect(409);
    const told = await decisionNoticeOf(claimant);
    expect(told.text).toMatch(/^Your claim of ".+" was approved: you now manage its page\.$/);
    // A claimed service is not claimed again.
    const late = await registerUser(testApp);
    expect((await claim(testApp, late, id, `boss@${domain}`).expect(409)).body.code).toBe(
      'SERVICE_CLAIMED',
    );
  });

  it("an approval deletes the former owner's webhooks; the new owner adds their own", async () => {
    const { id, claimant } = await confirmedClaim();
    const hooks = `/api/services/${id}/webhooks`;
    const hook = { url: 'http://127.0.0.1:9/former-owner', events: ['review.created'] };
    await testApp.http().post(hooks).set(bearer(owner)).send(hook).expect(201);
    await testApp
      .http()
      .post(`/api/admin/services/${id}/claims/${claimant.uid}/approve`)
      .set(bearer(admin))
      .expect(200);

    await testApp.http().get(hooks).set(bearer(owner)).expect(403);
    await eventually("the former owner's webhook deleted", async () => {
      const listed = await testApp.http().get(hooks).set(bearer(claimant)).expect(200);
      return (listed.body as unknown[]).length === 0 || undefined;
    });
    const own = { url: 'http://127.0.0.1:9/new-owner', events: ['review.created'] };
    await testApp.http().post(hooks).set(bearer(claimant)).send(own).expect(201);
    const listed = await testApp.http().get(hooks).set(bearer(claimant)).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ url: own.url })]);
  });

  it('an approval after the website changed is refused, and the claim still waits', async () => {
    const { id, claimant } = await confirmedClaim();
    await testApp
      .http()
      .put(`/api/services/${id}/contact`)
      .set(bearer(owner))
      .send({ website: 'https://www.elsewhere.example' })
      .expect(200);
    const path = `/api/admin/services/${id}/claims/${claimant.uid}`;
    const refused = await testApp.http().post(`${path}/approve`).set(bearer(admin)).expect(409);
    expect(refused.body.code).toBe('CLAIM_WEBSITE_CHANGED');
    const queue = await testApp.http().get('/api/admin/claims').set(bearer(admin)).expect(200);
    expect(queue.body).toContainEqual(
      expect.objectContaining({ serviceId: id, userId: claimant.uid, status: 'awaiting_approval' }),
    );
    await testApp
      .http()
      .post(`${path}/reject`)
      .set(bearer(admin))
      .send({ reason: 'The website changed.' })
      .expect(200);
  });

  it('an admin rejects with a reason, which the claimant is told; the owner stays', async () => {
    const { id, claimant } = await confirmedClaim();
    const path = `/api/admin/services/${id}/claims/${claimant.uid}/reject`;
    const short = await testApp
      .http()
      .post(path)
      .set(bearer(admin))
      .send({ reason: 'no' })
      .expect(400);
    expect(short.body.error).toContain('reason must be 3 to 500 characters long');
    await testApp
      .http()
      .post(path)
      .set(bearer(admin))
      .send({ reason: 'The address is not the company’s.' })
      .expect(200);
    const service = await testApp.http().get(`/api/services/${id}`).expect(200);
    expect(service.body.ownerId).toBe(owner.uid);
    expect(service.body.claimedAt).toBeUndefined();
    const told = await decisionNoticeOf(claimant);
    expect(told.text).toMatch(/was not approved: The address is not the company’s\.$/);
  });
});

describe('claiming a service: an expired link', () => {
  // Links that expire as they are made.
  const mailApp = useTestApp({ mail: true, env: { CLAIM_TTL_HOURS: '0' } });

  it('is refused with 410 and a sentence', async () => {
    const owner = await registerUser(mailApp);
    const { id, domain } = await addServiceWithWebsite(mailApp, owner);
    const email = `ops@${domain}`;
    const since = mailApp.mail.lastId();
    await claim(mailApp, owner, id, email).expect(201);
    const token = linkToken(await mailApp.mail.waitFor(email, { since }), `/services/${id}/claim`);
    const expired = await confirm(mailApp, owner, id, token).expect(410);
    expect(expired.body).toMatchObject({
      code: 'CLAIM_CODE_EXPIRED',
      error: 'This confirmation link has expired: ask to claim the service again for a new one.',
    });
  });
});

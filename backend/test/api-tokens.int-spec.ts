import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ApiToken } from '../src/auth/api-tokens/api-token.schema';
import { TOKEN_SCOPES, type TokenScope } from '../src/auth/api-tokens/token-scopes';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

/** The tokens' own limit in this file: above what one token spends in the route checks. */
const TOKEN_LIMIT = 40;

/**
 * The scope each operation that takes a bearer token lets personal API tokens in with ('none':
 * sessions only). A new such operation fails the first test until it is placed here, with the
 * scope its route declares (`@TokenScopes`, docs/adding-an-endpoint.md).
 */
const EXPECTED_SCOPES: Record<string, TokenScope | 'none'> = {
  // The account, the session and the tokens themselves: a browser session only.
  deleteMyAccount: 'none',
  exportMyData: 'none',
  changePassword: 'none',
  uploadPhoto: 'none',
  listSessions: 'none',
  signOutOtherSessions: 'none',
  resendVerification: 'none',
  getMe: 'none',
  updateMe: 'none',
  getAdminStatus: 'none',
  sendContactMessage: 'none',
  listApiTokens: 'none',
  createApiToken: 'none',
  renameApiToken: 'none',
  revokeApiToken: 'none',
  // Reading reviews, services and what is the caller's own.
  listReviews: 'reviews:read',
  listMyReviews: 'reviews:read',
  getEditableReview: 'reviews:read',
  listMyServices: 'reviews:read',
  getServiceInsights: 'reviews:read',
  exportServiceReviews: 'reviews:read',
  listNotifications: 'reviews:read',
  listProfileReviews: 'reviews:read',
  listMyReports: 'reviews:read',
  getMyReport: 'reviews:read',
  getHomeServices: 'reviews:read',
  listServices: 'reviews:read',
  getService: 'reviews:read',
  // Writing reviews, replies, votes, reports, appeals; marking notifications read.
  addReview: 'reviews:write',
  updateReview: 'reviews:write',
  deleteReview: 'reviews:write',
  appealDecision: 'reviews:write',
  markReviewHelpful: 'reviews:write',
  unmarkReviewHelpful: 'reviews:write',
  replyToReview: 'reviews:write',
  editReply: 'reviews:write',
  reportReview: 'reviews:write',
  withdrawReport: 'reviews:write',
  markNotificationRead: 'reviews:write',
  markAllNotificationsRead: 'reviews:write',
  // Services: adding, their contact, claims, invitations.
  addService: 'services:write',
  updateServiceContact: 'services:write',
  claimService: 'services:write',
  confirmServiceClaim: 'services:write',
  inviteCustomer: 'services:write',
  // A service's webhooks, for its owner.
  listWebhooks: 'webhooks',
  addWebhook: 'webhooks',
  updateWebhook: 'webhooks',
  deleteWebhook: 'webhooks',
  revealWebhookSecret: 'webhooks',
  rotateWebhookSecret: 'webhooks',
  sendWebhookTest: 'webhooks',
  listWebhookDeliveries: 'webhooks',
  resendWebhookDelivery: 'webhooks',
  // Admins' routes.
  listAppeals: 'admin',
  listAuditEntries: 'admin',
  listClaimsAwaitingDecision: 'admin',
  listModerationQueue: 'admin',
  openQueuesDashboard: 'admin',
  listReportedReviews: 'admin',
  decideReviews: 'admin',
  decideAppeal: 'admin',
  approveReview: 'admin',
  rejectReview: 'admin',
  dismissReports: 'admin',
  upholdReports: 'admin',
  listServicesAwaitingScreening: 'admin',
  approveService: 'admin',
  approveServiceClaim: 'admin',
  rejectServiceClaim: 'admin',
  recountService: 'admin',
  rejectService: 'admin',
  listAdminWebhooks: 'admin',
  addAdminWebhook: 'admin',
  updateAdminWebhook: 'admin',
  deleteAdminWebhook: 'admin',
  revealAdminWebhookSecret: 'admin',
  rotateAdminWebhookSecret: 'admin',
  sendAdminWebhookTest: 'admin',
  listAdminWebhookDeliveries: 'admin',
  resendAdminWebhookDelivery: 'admin',
  listServiceAlerts: 'admin',
  closeServiceAlert: 'admin',
};

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  declared: TokenScope[];
}

/** Every operation of the committed OpenAPI document that takes a bearer token. */
function bearerOperations(): Operation[] {
  const document = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => Array.isArray(operation.security))
      .map(([method, operation]) => ({
        method: method as Operation['method'],
        path: path.replace(/\{email\}/, 'nobody@example.com').replace(/\{\w+\}/g, 'f'.repeat(24)),
        operationId: operation.operationId as string,
        declared: (operation['x-token-scopes'] as TokenScope[] | undefined) ?? [],
      })),
  );
}

describe('personal API tokens', () => {
  const testApp = useTestApp({ worker: true, env: { RATE_LIMIT_TOKENS: String(TOKEN_LIMIT) } });
  const operations = bearerOperations();
  let user: RegisteredUser;
  let admin: RegisteredUser;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** Makes a token as `owner` (a browser session); answers the whole 201 answer. */
  async function createToken(
    owner: RegisteredUser,
    scopes: readonly TokenScope[],
    fields: { name?: string; expiresAt?: string } = {},
  ) {
    const response = await testApp
      .http()
      .post('/api/tokens')
      .set(bearer(owner.accessToken))
      .send({ name: fields.name ?? `Token ${scopes.join(' ')}`, scopes, ...fields })
      .expect(201);
    return response.body as { id: string; token: string; name: string; scopes: TokenScope[] };
  }

  const secretOf = async (owner: RegisteredUser, scopes: readonly TokenScope[]) =>
    (await createToken(owner, scopes)).token;

  /** The operation with an empty body (an image one for the photo, whose parser comes first). */
  function call(operation: Operation, token: string) {
    const request = testApp.http()[operation.method](operation.path).set(bearer(token));
    return operation.operationId === 'uploadPhoto'
      ? request.set('Content-Type', 'image/png').send(Buffer.from('not really a png'))
      : request.send({});
  }

  beforeAll(async () => {
    user = await registerUser(testApp, { name: 'Tess Tokens' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
  });

  it('every operation that takes a bearer token declares the scope this file expects', () => {
    const declared = Object.fromEntries(
      operations.map((operation) => [operation.operationId, operation.declared[0] ?? 'none']),
    );
    expect(declared).toEqual(EXPECTED_SCOPES);
    expect(operations.every((operation) => operation.declared.length <= 1)).toBe(true);
  });

  it('refuses a token without the route’s scope on every route, and lets one with it in', async () => {
    const userScopes = TOKEN_SCOPES.filter((scope) => scope !== 'admin');
    const withOnly = new Map<TokenScope, string>();
    const withAllBut = new Map<TokenScope, string>();
    for (const scope of userScopes) {
      withOnly.set(scope, await secretOf(user, [scope]));
      withAllBut.set(
        scope,
        await secretOf(
          user,
          userScopes.filter((other) => other !== scope),
        ),
      );
    }
    withOnly.set('admin', await secretOf(admin, ['admin']));
    withAllBut.set('admin', await secretOf(admin, userScopes));
    const everything = await secretOf(admin, TOKEN_SCOPES);
    const problems: string[] = [];
    for (const operation of operations) {
      const [scope] = operation.declared;
      const name = `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`;
      if (!scope) {
        const refused = await call(operation, everything);
        if (refused.status !== 403 || refused.body.code !== 'API_TOKEN_NOT_ALLOWED') {
          problems.push(`${name}: a token got ${refused.status} ${refused.body.code}`);
        }
        continue;
      }
      const refused = await call(operation, withAllBut.get(scope)!);
      if (refused.status !== 403 || refused.body.code !== 'API_TOKEN_SCOPE') {
        problems.push(`${name}: without ${scope}, ${refused.status} ${refused.body.code}`);
      }
      const admitted = await call(operation, withOnly.get(scope)!);
      if (admitted.status === 401 || String(admitted.body.code).startsWith('API_TOKEN')) {
        problems.push(`${name}: with ${scope}, ${admitted.status} ${admitted.body.code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('does the work of each scope with a token that has it', async () => {
    const writer = await secretOf(user, ['services:write', 'reviews:write']);
    const service = await addService(testApp, writer);
    const reviewer = await registerUser(testApp);
    const reviewerToken = await secretOf(reviewer, ['reviews:write']);
    const review = await addReview(testApp, reviewerToken, service);
    const reader = await secretOf(reviewer, ['reviews:read']);
    const mine = await testApp.http().get('/api/myreviews').set(bearer(reader)).expect(200);
    expect(mine.body.map((item: { _id: string }) => item._id)).toContain(review);
    await testApp
      .http()
      .get('/api/admin/audit')
      .query({ review })
      .set(bearer(await secretOf(admin, ['admin'])))
      .expect(200);
  });

  it('an admin’s token without the admin scope acts as a user, and only admins get the scope', async () => {
    const plain = await secretOf(admin, ['reviews:read']);
    await testApp.http().get('/api/admin/moderation').set(bearer(plain)).expect(403);
    const refused = await testApp
      .http()
      .post('/api/tokens')
      .set(bearer(user.accessToken))
      .send({ name: 'Sneaky', scopes: ['admin'] })
      .expect(403);
    expect(refused.body.error).toBe('Only admins can give a token the admin scope.');
  });

  it('shows the secret once: never in the list, which holds the token with its fields', async () => {
    const owner = await registerUser(testApp);
    const first = await createToken(owner, ['reviews:read'], { name: 'First' });
    const second = await createToken(owner, ['reviews:write'], {
      name: 'Second',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(second.token).toMatch(/^sc_pat_[\w-]{43}$/);
    const listed = await testApp
      .http()
      .get('/api/tokens')
      .set(bearer(owner.accessToken))
      .expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(first.token);
    expect(JSON.stringify(listed.body)).not.toContain(second.token);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: second.id, name: 'Second', scopes: ['reviews:write'] }),
      expect.objectContaining({ id: first.id, name: 'First', expiresAt: null, lastUsedAt: null }),
    ]);
    expect(listed.body[0]).not.toHaveProperty('token');
  });

  it('renames a token, and another user can neither rename nor revoke it', async () => {
    const owner = await registerUser(testApp);
    const created = await createToken(owner, ['reviews:read']);
    const renamed = await testApp
      .http()
      .patch(`/api/tokens/${created.id}`)
      .set(bearer(owner.accessToken))
      .send({ name: 'Dashboard' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id: created.id, name: 'Dashboard' });
    const stranger = await registerUser(testApp);
    await testApp
      .http()
      .patch(`/api/tokens/${created.id}`)
      .set(bearer(stranger.accessToken))
      .send({ name: 'Mine' })
      .expect(404);
    await testApp
      .http()
      .delete(`/api/tokens/${created.id}`)
      .set(bearer(stranger.accessToken))
      .expect(404);
    await testApp.http().get('/api/myreviews').set(bearer(created.token)).expect(200);
  });

  it('refuses bad input with a sentence', async () => {
    const post = (body: object) =>
      testApp.http().post('/api/tokens').set(bearer(user.accessToken)).send(body).expect(400);
    expect((await post({ name: 'x', scopes: ['everything'] })).body.error).toContain(
      'each scope must be one of',
    );
    expect((await post({ name: 'x', scopes: [] })).body.error).toContain('at least one scope');
    expect(
      (await post({ name: 'x', scopes: ['reviews:read'], expiresAt: '2020-01-01T00:00:00Z' })).body
        .error,
    ).toBe('The expiry date must be in the future.');
    await testApp
      .http()
      .patch('/api/tokens/not-an-id')
      .set(bearer(user.accessToken))
      .send({ name: 'y' })
      .expect(400);
  });

  it('a revoked token, an expired one, an unknown one and one whose account is gone get 401', async () => {
    const owner = await registerUser(testApp);
    const revoked = await createToken(owner, ['reviews:read']);
    await testApp.http().get('/api/myreviews').set(bearer(revoked.token)).expect(200);
    await testApp
      .http()
      .delete(`/api/tokens/${revoked.id}`)
      .set(bearer(owner.accessToken))
      .expect(200);
    const afterRevoke = await testApp
      .http()
      .get('/api/myreviews')
      .set(bearer(revoked.token))
      .expect(401);
    expect(afterRevoke.body).toMatchObject({
      code: 'API_TOKEN_INVALID',
      error: 'This API token is not valid: it was revoked, or never existed.',
    });

    const expiring = await createToken(owner, ['reviews:read'], {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await testApp.app
      .get<Model<ApiToken>>(getModelToken(ApiToken.name))
      .updateOne({ _id: expiring.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await testApp
      .http()
      .get('/api/myreviews')
      .set(bearer(expiring.token))
      .expect(401);
    expect(expired.body.code).toBe('API_TOKEN_EXPIRED');
    const listed = await testApp
      .http()
      .get('/api/tokens')
      .set(bearer(owner.accessToken))
      .expect(200);
    expect(listed.body[0]).toMatchObject({ id: expiring.id, expired: true });

    await testApp.http().get('/api/myreviews').set(bearer('sc_pat_nothing')).expect(401);

    const leaving = await registerUser(testApp);
    const orphan = await secretOf(leaving, ['reviews:read']);
    await testApp
      .http()
      .post('/api/account/delete')
      .set(bearer(leaving.accessToken))
      .send({ password: leaving.password, reviews: 'delete' })
      .expect(200);
    await testApp.http().get('/api/myreviews').set(bearer(orphan)).expect(401);
  });

  it('has a rate limit of its own, told in RateLimit-Policy and RateLimit, then 429 with Retry-After', async () => {
    const token = await secretOf(user, ['reviews:read']);
    const first = await testApp.http().get('/api/myreviews').set(bearer(token)).expect(200);
    expect(first.headers['ratelimit-policy']).toBe(`"tokens";q=${TOKEN_LIMIT};w=60`);
    expect(first.headers['ratelimit']).toMatch(
      new RegExp(`^"tokens";r=${TOKEN_LIMIT - 1};t=\\d+$`),
    );
    for (let call = 2; call <= TOKEN_LIMIT; call += 1) {
      await testApp.http().get('/api/myreviews').set(bearer(token)).expect(200);
    }
    const limited = await testApp.http().get('/api/myreviews').set(bearer(token)).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit']).toMatch(/^"tokens";r=0;t=\d+$/);
    expect(limited.body.error).toMatch(/^Too many requests; please wait \d+ seconds/);
    // Another token of the same user has its own count.
    await testApp
      .http()
      .get('/api/myreviews')
      .set(bearer(await secretOf(user, ['reviews:read'])))
      .expect(200);
  });

  it('recognises a retry with the same Idempotency-Key by the same token', async () => {
    const token = await secretOf(user, ['services:write']);
    const service = {
      title: `Keyed Courier ${Date.now()}`,
      price: 20,
      image: '/images/services/test.svg',
      details: `Parcels across town, sent once ${Date.now()}.`,
    };
    const add = () =>
      testApp
        .http()
        .post('/api/addservices')
        .set(bearer(token))
        .set('Idempotency-Key', 'add-once')
        .send(service)
        .expect(201);
    const first = await add();
    const retried = await add();
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toEqual(first.body);
  });

  it('a write by a token tells both its own limit and the route’s', async () => {
    const token = await secretOf(user, ['reviews:write']);
    // An unknown review: 404, counted by both limits all the same.
    const response = await testApp
      .http()
      .delete(`/api/reviews/${'f'.repeat(24)}`)
      .set(bearer(token))
      .expect(404);
    expect(response.headers['ratelimit-policy']).toBe(
      `"tokens";q=${TOKEN_LIMIT};w=60, "writes";q=10000;w=60`,
    );
    expect(response.headers['ratelimit']).toMatch(/^"tokens";r=\d+;t=\d+, "writes";r=\d+;t=\d+$/);
    const bySession = await testApp
      .http()
      .delete(`/api/reviews/${'f'.repeat(24)}`)
      .set(bearer(user.accessToken))
      .expect(404);
    expect(bySession.headers['ratelimit-policy']).toBe('"writes";q=10000;w=60');
  });

  it('notes the last use, and audits creation, use (with the address) and revocation', async () => {
    const owner = await registerUser(testApp);
    const created = await createToken(owner, ['reviews:read'], { name: 'Audited' });
    await testApp.http().get('/api/myreviews').set(bearer(created.token)).expect(200);
    const used = await eventually('the last use', async () => {
      const { body } = await testApp.http().get('/api/tokens').set(bearer(owner.accessToken));
      return body[0]?.lastUsedAt ? body[0] : undefined;
    });
    expect(new Date(used.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await testApp
      .http()
      .delete(`/api/tokens/${created.id}`)
      .set(bearer(owner.accessToken))
      .expect(200);
    const entries = await eventually('the audit entries', async () => {
      const { body } = await testApp
        .http()
        .get('/api/admin/audit')
        .query({ actor: owner.email })
        .set(bearer(admin.accessToken));
      return body.length >= 3 ? body : undefined;
    });
    const byType = Object.fromEntries(
      entries.map((entry: { type: string }) => [entry.type, entry]),
    );
    expect(Object.keys(byType).sort()).toEqual([
      'api_token.created',
      'api_token.revoked',
      'api_token.used',
    ]);
    expect(byType['api_token.created'].after).toMatchObject({
      tokenId: created.id,
      name: 'Audited',
    });
    expect(byType['api_token.used'].after).toMatchObject({
      tokenId: created.id,
      ip: expect.any(String),
    });
    expect(byType['api_token.revoked'].before).toMatchObject({ tokenId: created.id });
    expect(JSON.stringify(entries)).not.toContain(created.token);
  });
});

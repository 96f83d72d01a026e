import { createHmac, randomBytes } from 'node:crypto';
import { DEVELOPMENT_JWT_SECRET } from '../src/config/published-secrets';
import { useTestApp } from './support/test-app';

/** An HS256 JWT made with nothing but node:crypto, as an attacker would. */
function signJwt(claims: Record<string, unknown>, secret: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('an admin token forged with the development secret', () => {
  const testApp = useTestApp({ full: true, env: { JWT_SECRET: randomBytes(32).toString('hex') } });

  it('is refused by an app configured with a real secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt(
      {
        sub: '000000000000000000000000',
        email: 'mallory@example.com',
        role: 'admin',
        name: 'Mallory',
        picture: '',
        iat: now,
        exp: now + 600,
      },
      DEVELOPMENT_JWT_SECRET,
    );
    const response = await testApp
      .http()
      .get('/api/admin/audit')
      .set('Authorization', `Bearer ${forged}`)
      .expect(401);
    expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });
});

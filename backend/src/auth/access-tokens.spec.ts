import { JwtService } from '@nestjs/jwt';
import { API_TOKEN_AUDIENCE, accessTokenSessions } from './access-tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-tokens';

function token(claims: object, options: { audience?: string; expiresIn?: number } = {}): string {
  return new JwtService({ secret: SECRET }).sign(claims, {
    algorithm: 'HS256',
    audience: options.audience ?? API_TOKEN_AUDIENCE,
    expiresIn: options.expiresIn ?? 60,
  });
}

describe('accessTokenSessions', () => {
  const sessionOf = accessTokenSessions(SECRET);

  it("answers a valid access token's login, again from memory", () => {
    const bearer = `Bearer ${token({ sub: 'u1', sid: 'login-1' })}`;
    expect(sessionOf(bearer)).toBe('login-1');
    expect(sessionOf(bearer)).toBe('login-1');
  });

  it('answers nothing for another audience, another secret, an expired token or no sid', () => {
    expect(sessionOf(`Bearer ${token({ sid: 'x' }, { audience: 'queues' })}`)).toBeUndefined();
    const forged = new JwtService({ secret: `${SECRET}-other` }).sign(
      { sid: 'x' },
      { algorithm: 'HS256', audience: API_TOKEN_AUDIENCE },
    );
    expect(sessionOf(`Bearer ${forged}`)).toBeUndefined();
    expect(sessionOf(`Bearer ${token({ sid: 'x' }, { expiresIn: -10 })}`)).toBeUndefined();
    expect(sessionOf(`Bearer ${token({ sub: 'u1' })}`)).toBeUndefined();
    expect(sessionOf('Basic dXNlcjpwYXNz')).toBeUndefined();
  });

  it('stops answering a remembered token once it expires', () => {
    jest.useFakeTimers({ now: Date.now() });
    try {
      const bearer = `Bearer ${token({ sid: 'login-2' }, { expiresIn: 5 })}`;
      expect(sessionOf(bearer)).toBe('login-2');
      jest.setSystemTime(Date.now() + 6000);
      expect(sessionOf(bearer)).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});

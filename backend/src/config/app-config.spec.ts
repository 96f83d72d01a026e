import { ConfigError, loadConfig } from './app-config';
import { DEVELOPMENT_JWT_SECRET } from './published-secrets';

const valid = { MONGO_URL: 'mongodb://127.0.0.1:27027/sc', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig(valid);
    expect(config.port).toBe(3000);
    expect(config.redis.prefix).toBe('sc');
    expect(config.google).toBeUndefined();
    expect(config.auth.adminEmails).toEqual([]);
  });

  it('rejects a port that is not a number with one sentence naming it', () => {
    expect(() => loadConfig({ ...valid, PORT: 'abc' })).toThrow(
      new ConfigError(
        'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").',
      ),
    );
  });

  it('names every missing or malformed variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(
      /MONGO_URL is required \(a mongodb:\/\/ URL\); REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL \(got "http:\/\/x"\)\.$/,
    );
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required/,
    );
    expect(
      loadConfig({ ...valid, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).auth.jwtSecret,
    ).toBe('x'.repeat(32));
  });

  it.each([
    ['the development default', DEVELOPMENT_JWT_SECRET],
    ['the former compose default', 'change-this-secret-before-going-live-0123456789'],
  ])('refuses %s as the production secret, without echoing it', (_name, secret) => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
      new ConfigError(
        'Invalid configuration: JWT_SECRET is a value published in this repository, so anyone could sign tokens with it; set a random one (openssl rand -hex 32).',
      ),
    );
  });

  it('refuses a production secret shorter than 32 characters, without echoing it', () => {
    expect(() =>
      loadConfig({ ...valid, NODE_ENV: 'production', JWT_SECRET: 'short-secret' }),
    ).toThrow(
      new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters long.'),
    );
  });

  it('turns the test hooks on only for tests, and refuses them anywhere else', () => {
    expect(loadConfig(valid).testHooks).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', TEST_HOOKS: 'on' }).testHooks).toBe(true);
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ ...valid, NODE_ENV, JWT_SECRET: 'x'.repeat(32), TEST_HOOKS: 'on' }),
      ).toThrow(
        new ConfigError(
          'Invalid configuration: TEST_HOOKS may be on only with NODE_ENV=test: it lets anyone stall the API (got "on").',
        ),
      );
    }
  });

  it('normalises admin e-mails and enables Google only with both credentials', () => {
    const config = loadConfig({
      ...valid,
      ADMIN_EMAILS: ' Admin@Example.com, ,ops@example.com ',
      GOOGLE_CLIENT_ID: 'id',
    });
    expect(config.auth.adminEmails).toEqual(['admin@example.com', 'ops@example.com']);
    expect(config.google).toBeUndefined();
    expect(
      loadConfig({ ...valid, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google,
    ).toMatchObject({
      clientId: 'id',
    });
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEVELOPMENT_JWT_SECRET } from '../src/config/published-secrets';

const main = join(__dirname, '..', 'dist', 'main.js');

/** Runs the built API entry point and returns what it printed; it must stop by itself. */
function start(env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [main], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

const describeBuilt = existsSync(main) ? describe : describe.skip;

describeBuilt('API start-up with bad configuration', () => {
  it('PORT=abc stops with one sentence, no stack trace', () => {
    const result = start({
      PORT: 'abc',
      MONGO_URL: process.env.MONGO_URL,
      REDIS_URL: process.env.REDIS_URL,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").',
    );
  });

  it('an unreachable MONGO_URL stops with one sentence naming it', () => {
    const result = start({
      PORT: '0',
      MONGO_URL: 'mongodb://127.0.0.1:9/nowhere',
      REDIS_URL: process.env.REDIS_URL,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Cannot reach MongoDB at mongodb://127.0.0.1:9/nowhere (MONGO_URL): connect ECONNREFUSED 127.0.0.1:9.',
    );
  });

  it('an unreachable REDIS_URL stops with one sentence naming it', () => {
    const result = start({
      PORT: '0',
      MONGO_URL: process.env.MONGO_URL,
      REDIS_URL: 'redis://127.0.0.1:9',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:9 \(REDIS_URL\): [^\n]+\.$/,
    );
  });

  it('production with the development JWT secret stops with one sentence', () => {
    const result = start({
      NODE_ENV: 'production',
      JWT_SECRET: DEVELOPMENT_JWT_SECRET,
      PORT: '0',
      MONGO_URL: process.env.MONGO_URL,
      REDIS_URL: process.env.REDIS_URL,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: JWT_SECRET is a value published in this repository, so anyone could sign tokens with it; set a random one (openssl rand -hex 32).',
    );
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { parse } from 'yaml';

const repoRoot = join(__dirname, '..', '..');
const composeFile = join(repoRoot, 'docker-compose.yml');

interface ComposeService {
  image?: string;
  command?: string[];
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  environment?: Record<string, string>;
}

const composeAvailable =
  spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };

  it('runs real MongoDB and append-only Redis with health checks and volumes', () => {
    const { mongo, redis } = compose.services;
    expect(mongo.image).toMatch(/^mongo:/);
    expect(mongo.healthcheck).toBeDefined();
    expect(mongo.volumes).toEqual(['mongo-data:/data/db']);
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(redis.healthcheck).toBeDefined();
    expect(redis.volumes).toEqual(['redis-data:/data']);
  });

  it('runs MongoDB as the one-member replica set rs0 that MONGO_URL names, initiated by its health check', () => {
    const { mongo, api, worker } = compose.services;
    expect(mongo.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    for (const service of [api, worker]) {
      expect(service.environment?.MONGO_URL).toBe(
        'mongodb://mongo:27017/service-critic?replicaSet=rs0',
      );
    }
    const [kind, shell, ...args] = mongo.healthcheck!.test;
    expect([kind, shell]).toEqual(['CMD', 'mongosh']);
    const script = args[args.indexOf('--eval') + 1];
    expect(() => new Script(script)).not.toThrow();
    // Idempotent: it initiates only a set not yet initiated, with the host the app reaches.
    expect(script).toContain("e.codeName !== 'NotYetInitialized'");
    expect(script).toContain(
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })",
    );
    expect(script).toContain('quit(db.hello().isWritablePrimary ? 0 : 1)');
  });

  it('starts the API and the worker once MongoDB and Redis are healthy', () => {
    const { api, worker } = compose.services as Record<
      string,
      ComposeService & { depends_on?: Record<string, { condition: string }> }
    >;
    for (const service of [api, worker]) {
      expect(service.depends_on).toEqual({
        mongo: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('runs the API on :3000 and the worker from the same image', () => {
    const { api, worker } = compose.services;
    expect(api.image).toBe(worker.image);
    expect(api.ports).toEqual(['${PORT:-3000}:3000']);
    expect(worker.command).toEqual(['node', 'backend/dist/worker.js']);
  });

  it('refuses to start without JWT_SECRET and ADMIN_PASSWORD, and trusts no proxy by default', () => {
    const { api, worker } = compose.services;
    for (const service of [api, worker]) {
      expect(service.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
      expect(service.environment?.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?.+\}$/);
      expect(service.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-}');
    }
  });

  (composeAvailable ? it : it.skip)('passes `docker compose config -q`', () => {
    const result = spawnSync('docker', ['compose', '-f', composeFile, 'config', '-q'], {
      encoding: 'utf8',
      env: { ...process.env, JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'a-password' },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_BLOGS, SEED_SERVICES } from '../src/seed/seed-data';
import { useTestApp } from './support/test-app';

const publicDir = join(__dirname, '..', '..', 'frontend', 'public');
const seedCli = join(__dirname, '..', 'dist', 'seed', 'seed.cli.js');
const bulkSeedCli = join(__dirname, '..', 'dist', 'seed', 'bulk-seed.cli.js');
// A database of its own: other suites may seed the shared one first (the suites' order varies).
const mongoUrl = process.env.MONGO_URL!.replace(
  /\/[^/?]*(\?|$)/,
  `/seed-${randomBytes(4).toString('hex')}$1`,
);

function runSeed(cli = seedCli, args: string[] = []): string {
  const result = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, MONGO_URL: mongoUrl },
  });
  // The bulk seed draws its progress bars on stderr; the seed writes nothing there.
  if (cli === seedCli) expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.trim();
}

describe('seed command', () => {
  const testApp = useTestApp({ env: { MONGO_URL: mongoUrl } });

  it('loads the services, blogs and admin once, and changes nothing when run again', async () => {
    const first = runSeed();
    expect(first).toMatch(
      new RegExp(`^Seed: ${SEED_SERVICES.length} services and ${SEED_BLOGS.length} blogs added\\.`),
    );
    expect(runSeed()).toMatch(/^Seed: 0 services and 0 blogs added\. Admin .* already exists\.$/);

    const services = await testApp.http().get('/api/services?limit=100').expect(200);
    const titles = services.body.map((service: { title: string }) => service.title);
    expect(titles).toEqual(expect.arrayContaining(SEED_SERVICES.map((service) => service.title)));
    expect(new Set(titles).size).toBe(titles.length);

    const blogs = await testApp.http().get('/api/blogs').expect(200);
    expect(blogs.body).toHaveLength(SEED_BLOGS.length);
    expect(blogs.body[0]).toEqual({
      _id: expect.any(String),
      title: SEED_BLOGS[0].title,
      details: SEED_BLOGS[0].details,
      createdAt: expect.any(String),
    });

    const login = await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: testApp.config.seedAdmin.email, password: 'change-me-admin-2026' })
      .expect(200);
    expect(login.body.user.isAdmin).toBe(true);
  });

  it('gives seeded services stored before regions existed their regions, once', async () => {
    runSeed();
    const services = testApp.app.get<Connection>(getConnectionToken()).collection('services');
    const [first, second] = SEED_SERVICES;
    await services.updateMany(
      { title: { $in: [first.title, second.title] } },
      { $unset: { regions: '' } },
    );
    expect(runSeed()).toMatch(
      /^Seed: 0 services and 0 blogs added\. 2 services given regions\. Admin .* already exists\.$/,
    );
    expect(runSeed()).toMatch(/^Seed: 0 services and 0 blogs added\. Admin .* already exists\.$/);

    const listed = await testApp.http().get('/api/services?limit=100').expect(200);
    const regionsOf = (title: string) =>
      listed.body.find((service: { title: string }) => service.title === title)?.regions;
    expect(regionsOf(first.title)).toEqual(first.regions);
    expect(regionsOf(second.title)).toEqual(second.regions);
  });

  it('bulk-seeds generated services and reviews, then grows them, counters matching the reviews', async () => {
    const seeded = runSeed(bulkSeedCli, ['--services', '4', '--reviews', '40', '--users', '20']);
    expect(seeded).toMatch(/^Bulk seed: 20 users, 4 services and 40 reviews added/);
    expect(runSeed(bulkSeedCli, ['--grow', '--reviews', '12', '--users', '12'])).toMatch(
      /^Bulk seed: 12 users, 0 services and 12 reviews added/,
    );
    const services = await testApp.http().get('/api/services?limit=100').expect(200);
    let counted = 0;
    for (const service of services.body as { _id: string; rating: { count: number } }[]) {
      const reviews = await testApp
        .http()
        .get(`/api/reviews?service=${service._id}&limit=100`)
        .expect(200);
      expect(Number(reviews.headers['x-total-count'])).toBe(service.rating.count);
      counted += service.rating.count;
    }
    // Some generated reviews are held for moderation: counted by neither.
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(52);
  });

  it('the seed is realistic: 12+ services in 6+ categories, some long descriptions', () => {
    expect(SEED_SERVICES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(SEED_SERVICES.map((service) => service.category_id)).size).toBeGreaterThan(5);
    expect(SEED_SERVICES.some((service) => service.details.length > 150)).toBe(true);
    for (const service of SEED_SERVICES) {
      expect(Number.isInteger(service.price)).toBe(true);
      expect(service.image).toMatch(/^\/images\/services\/[a-z0-9-]+\.svg$/);
      // The SPA's public folder ships them, so the app serves them without internet.
      expect(existsSync(join(publicDir, service.image))).toBe(true);
    }
  });
});

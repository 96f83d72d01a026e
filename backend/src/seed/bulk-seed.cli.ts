/**
 * `npm run seed:bulk -- --services 1000 --reviews 100000 [--users N] [--seed N]`: generated
 * data for benchmarks and load tests, added next to what is there.
 * `--grow --reviews N` adds N reviews (by new users) to the services already there instead,
 * raising their counters: grow one database step by step rather than seeding it again.
 */
import { parseArgs } from 'node:util';
import { runCli } from '../cli/cli-context';
import { BULK_USER_PASSWORD, BulkSeedModule, BulkSeeder } from './bulk-seeder';
import type { BulkSizes } from './bulk-data';

function count(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`--${name} must be a whole number of 0 or more, not "${text}".`);
  }
  return value;
}

function sizesFrom(argv: string[]): { sizes: BulkSizes; seed?: number; grow: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      services: { type: 'string' },
      reviews: { type: 'string' },
      users: { type: 'string' },
      seed: { type: 'string' },
      grow: { type: 'boolean', default: false },
    },
  });
  const grow = values.grow ?? false;
  const services = count('services', values.services, grow ? 0 : 1000);
  if (grow && services > 0) throw new Error('--grow adds reviews only: leave out --services.');
  const reviews = count('reviews', values.reviews, 20_000);
  // Enough users that the most reviewed services still get one review per user.
  const users = count('users', values.users, Math.max(100, Math.ceil(reviews / 20)));
  if (!grow && reviews > services * users) {
    throw new Error(
      `${reviews} reviews need more services or users: each user reviews a service once.`,
    );
  }
  const seed = values.seed === undefined ? undefined : count('seed', values.seed, 0);
  return { sizes: { services, reviews, users }, seed, grow };
}

let parsed: ReturnType<typeof sizesFrom>;
try {
  parsed = sizesFrom(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
const { sizes, seed, grow } = parsed;

runCli([BulkSeedModule], async (context) => {
  const started = Date.now();
  const added = await context.get(BulkSeeder).seed(sizes, seed, { grow });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const perSecond = Math.round(added.reviews / Math.max(0.001, (Date.now() - started) / 1000));
  return `Bulk seed: ${added.users} users, ${added.services} services and ${added.reviews} reviews added in ${seconds} s (${perSecond} reviews/s overall) (users sign in with "${BULK_USER_PASSWORD}").`;
});

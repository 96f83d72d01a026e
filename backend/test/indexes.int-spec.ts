import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { SMALL_COLLECTIONS } from '../src/infrastructure/query-keys';
import { REVIEW_SORTS } from '../src/reviews/review.dto';
import { SERVICE_SORTS } from '../src/services/service.dto';
import { addReview, addService } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import {
  equalityBranches,
  indexServes,
  listQueriesOf,
  planStages,
  type ListQuery,
} from './support/list-queries';
import { useTestApp } from './support/test-app';

/**
 * Every list the API serves reads through an index that matches its filter and sort: checked
 * against the collection's indexes, and with `explain` on the server, whose plan must walk an
 * index and never sort in memory. FerretDB (these machines) never reads a page in index order,
 * so it gets only unique and key-field indexes (StorageIndexes): there, a list of a collection
 * that grows must filter on an indexed key, and the small collections are read whole. The
 * services lists are made from one whole read of the services, on every store.
 */
describe('list queries and their indexes', () => {
  const testApp = useTestApp();
  let user: RegisteredUser;
  let admin: RegisteredUser;
  let service: string;
  let onFerretDB: boolean;
  let connection: Connection;

  beforeAll(async () => {
    user = await registerUser(testApp);
    admin = await registerAdmin(testApp);
    service = await addService(testApp, admin.accessToken, { category_id: 'freight' });
    await addReview(testApp, user.accessToken, service, { rating: 5 });
    connection = testApp.app.get<Connection>(getConnectionToken());
    const info = await connection.db!.admin().command({ buildInfo: 1 });
    onFerretDB = 'ferretdbVersion' in info;
  });

  const get = (path: string, token?: string) => {
    const request = testApp.http().get(path);
    return (token ? request.set('Authorization', `Bearer ${token}`) : request).expect(200);
  };

  /** The requests' finds; the relay's read of pending reviews (every 2 s) may fall among them. */
  const findsOn = (queries: ListQuery[], collection: string) =>
    queries.filter(
      (query) =>
        query.collection === collection && query.method === 'find' && !('pending' in query.filter),
    ).length;

  async function indexesOf(collection: string): Promise<Record<string, 1 | -1>[]> {
    const indexes = await connection.db!.collection(collection).indexes();
    return indexes.map((index) => index.key as Record<string, 1 | -1>);
  }

  const keyIndexServes = (index: Record<string, 1 | -1>, equalities: Set<string>) =>
    Object.keys(index).every((key) => equalities.has(key));

  async function expectIndexed(queries: ListQuery[]): Promise<void> {
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      if (onFerretDB && SMALL_COLLECTIONS.includes(query.collection)) continue;
      const indexes = (await indexesOf(query.collection)).filter((index) => !('_id' in index));
      for (const equalities of equalityBranches(query.filter)) {
        const served = indexes.some((index) =>
          onFerretDB
            ? keyIndexServes(index, equalities)
            : indexServes(index, equalities, query.sort),
        );
        if (!served) {
          throw new Error(
            `No index serves ${query.collection}.${query.method}(${JSON.stringify(query.filter)}) sorted by ${JSON.stringify(query.sort)}`,
          );
        }
      }
      if (query.method !== 'find') continue;
      const explained = await connection
        .db!.collection(query.collection)
        .find(query.filter, { sort: query.sort })
        .explain();
      expect(explained.queryPlanner).toBeDefined();
      if (onFerretDB) continue;
      const stages = planStages(explained.queryPlanner.winningPlan);
      expect(stages).toContain('IXSCAN');
      expect(stages).not.toContain('COLLSCAN');
      expect(stages).not.toContain('SORT');
    }
  }

  it('the services list, in every sort, with and without a category, a region or a rating floor', async () => {
    const queries = await listQueriesOf(connection, async () => {
      for (const sort of SERVICE_SORTS) {
        await get(`/api/services?sort=${sort}`);
        await get(`/api/services?sort=${sort}&category=freight`);
        await get(`/api/services?sort=${sort}&region=west&category=freight`);
        await get(`/api/services?sort=${sort}&rating=4&limit=5`);
      }
      await get('/api/servicelimit');
    });
    // Every list is made in memory from one read of the listed services, a small collection
    // read whole (service-catalogue.ts): no sort and no index to walk, on either store.
    expect(queries.filter((query) => query.collection === 'services')).toEqual([
      expect.objectContaining({ method: 'find', filter: { listed: { $ne: false } }, sort: {} }),
    ]);
  });

  it("reviews for visitors, logged-in users and admins, and a user's own reviews", async () => {
    const queries = await listQueriesOf(connection, async () => {
      for (const sort of REVIEW_SORTS) {
        await get(`/api/reviews?sort=${sort}&service=${service}`);
        await get(`/api/reviews?sort=${sort}&service=${service}&rating=5`);
        await get(`/api/reviews?sort=${sort}&service=${service}&q=parcel`);
        await get(`/api/reviews?sort=${sort}&service=${service}`, user.accessToken);
        await get(`/api/reviews?sort=${sort}&service=${service}&status=any`, admin.accessToken);
        await get(`/api/myreviews?sort=${sort}`, user.accessToken);
      }
      // Lists across every service page through their timelines, by key lookups.
      for (const sort of ['newest', 'oldest']) {
        await get(`/api/reviews?sort=${sort}`);
        await get(`/api/reviews?sort=${sort}&status=flagged`, admin.accessToken);
        await get(`/api/reviews?sort=${sort}&status=any`, admin.accessToken);
      }
    });
    // A service's lists (every sort, star filter, search, and admins' lists) come from Redis,
    // then `_id` lookups. A logged-in reader shares the visitors' cached page and adds their own
    // review from their reviews, read by key once and cached for them, as /myreviews is.
    expect(findsOn(queries, 'reviews')).toBe(1);
    await expectIndexed(queries);
  });

  it('the audit trail of a day, a review or an actor, with and without an action', async () => {
    const queries = await listQueriesOf(connection, async () => {
      for (const key of [
        '',
        'day=2026-03-02',
        `review=${'a'.repeat(24)}`,
        `actor=${admin.email}`,
      ]) {
        await get(`/api/admin/audit?${key}`, admin.accessToken);
        await get(`/api/admin/audit?${key}&action=review.deleted`, admin.accessToken);
      }
    });
    expect(findsOn(queries, 'audit_log')).toBe(8);
    await expectIndexed(queries);
  });

  it("the admins' queue of claims of services", async () => {
    await expectIndexed(
      await listQueriesOf(connection, () => get('/api/admin/claims', admin.accessToken)),
    );
  });

  it('the blog list', async () => {
    await expectIndexed(await listQueriesOf(connection, () => get('/api/blogs')));
  });
});

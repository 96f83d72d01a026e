import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { Blog } from '../src/blogs/blog.schema';
import { BlogsRepository } from '../src/blogs/blogs.repository';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ContentSeeder } from '../src/seed/content-seeder';
import { ServicesRepository } from '../src/services/services.repository';
import { listQueriesOf } from './support/list-queries';
import { useTestApp } from './support/test-app';

/** Public lists other than the services' own: read once, then answered from the read cache. */
describe('public reads through the read cache', () => {
  const testApp = useTestApp({ full: true });
  let connection: Connection;
  let blogs: Model<Blog>;
  let seeder: ContentSeeder;

  beforeAll(async () => {
    connection = testApp.app.get<Connection>(getConnectionToken());
    blogs = testApp.app.get<Model<Blog>>(getModelToken(Blog.name), { strict: false });
    seeder = new ContentSeeder(
      testApp.app.get(ServicesRepository, { strict: false }),
      testApp.app.get(BlogsRepository, { strict: false }),
      testApp.app.get(ReadCache),
    );
    await seeder.seed();
  });

  const blogQueries = async (run: () => Promise<unknown>) =>
    (await listQueriesOf(connection, run)).filter((query) => query.collection === 'blogs');

  it('answers a second identical GET /api/blogs without asking the database', async () => {
    let first = await testApp.http().get('/api/blogs?limit=3');
    expect(first.status).toBe(200);
    const second = await blogQueries(async () => {
      first = await testApp.http().get('/api/blogs?limit=3').expect(200);
      const again = await testApp.http().get('/api/blogs?limit=3').expect(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    });
    expect(second).toEqual([]);
  });

  it('reads the database again once a blog write bumps the blogs scope', async () => {
    const before = await testApp.http().get('/api/blogs?limit=3').expect(200);
    const newest = before.body[0] as { _id: string; title: string };
    // Behind the app's back: no invalidation, so the cached answer still shows the old post.
    await blogs.collection.deleteOne({ title: newest.title });
    const stale = await testApp.http().get('/api/blogs?limit=3').expect(200);
    expect(stale.body[0]._id).toBe(newest._id);

    expect((await seeder.seed()).blogs).toBe(1);
    const queries = await blogQueries(async () => {
      const fresh = await testApp.http().get('/api/blogs?limit=3').expect(200);
      expect(fresh.body[0].title).toBe(newest.title);
      expect(fresh.body[0]._id).not.toBe(newest._id);
    });
    expect(queries.length).toBeGreaterThan(0);
  });
});

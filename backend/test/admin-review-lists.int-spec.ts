import type { INestApplicationContext } from '@nestjs/common';
import { Types } from 'mongoose';
import { addReview, addService } from './support/catalog-helpers';
import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { startTestApp, type TestApp } from './support/test-app';
import { eventually, startTestWorker } from './support/test-worker';

interface Listed {
  _id: string;
  status: string;
  serviceTitle?: string;
}

describe('the admin review lists: filters, order and bulk decisions', () => {
  const adminEmail = uniqueEmail('admin');
  let testApp: TestApp;
  let worker: INestApplicationContext;
  let admin: RegisteredUser;
  let ann: RegisteredUser;
  let bob: RegisteredUser;
  let firstService: string;
  let secondService: string;
  /** ann's and bob's reviews: held for contact details (ann1, bob2), for capitals (bob1), published (ann2). */
  const ids: Record<'ann1' | 'bob1' | 'bob2' | 'ann2', string> = {
    ann1: '',
    bob1: '',
    bob2: '',
    ann2: '',
  };

  beforeAll(async () => {
    testApp = await startTestApp({ ADMIN_EMAILS: adminEmail });
    worker = await startTestWorker(testApp.config);
    admin = await registerAdmin(testApp, { email: adminEmail, name: 'Ada Admin' });
    ann = await registerUser(testApp, { name: 'Ann Filter' });
    bob = await registerUser(testApp, { name: 'Bob Filter' });
    firstService = await addService(testApp, admin.accessToken, { title: 'Filter Express' });
    secondService = await addService(testApp, admin.accessToken, { title: 'Filter Freight' });
    ids.ann1 = await addReview(testApp, ann.accessToken, firstService, {
      details: 'Write to ann.filter@example.com or call +44 20 7946 0958 about the parcel.',
    });
    ids.bob1 = await addReview(testApp, bob.accessToken, firstService, {
      details: 'THE PARCEL CAME LATE AND THE BOX WAS CRUSHED COMPLETELY',
    });
    ids.bob2 = await addReview(testApp, bob.accessToken, secondService, {
      details: 'Mail me at bob.filter@example.com when the van is late again.',
    });
    ids.ann2 = await addReview(testApp, ann.accessToken, secondService, {
      details: 'Quick and careful delivery.',
    });
    for (const held of [ids.ann1, ids.bob1, ids.bob2]) {
      await eventually(
        'the review held',
        async () => ((await statusOf(held)) === 'flagged' ? true : undefined),
        10_000,
      );
    }
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await testApp.close();
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  async function statusOf(id: string): Promise<string> {
    const response = await testApp
      .http()
      .get(`/api/myeditedreviews/${id}`)
      .set('Authorization', as(admin));
    return response.body.status;
  }

  async function list(path: string): Promise<{ ids: string[]; total: number; body: Listed[] }> {
    const response = await testApp.http().get(path).set('Authorization', as(admin)).expect(200);
    const body = response.body as Listed[];
    return {
      ids: body.map((review) => review._id),
      total: Number(response.headers['x-total-count']),
      body,
    };
  }

  /** The ids of this suite's reviews in `found`, in its order. */
  const ours = (found: string[]) => found.filter((id) => Object.values(ids).includes(id));

  it('the queue is oldest first by default and newest first when asked', async () => {
    const oldest = await list('/api/admin/moderation?limit=100');
    expect(ours(oldest.ids)).toEqual([ids.ann1, ids.bob1, ids.bob2]);
    const newest = await list('/api/admin/moderation?limit=100&sort=newest');
    expect(ours(newest.ids)).toEqual([ids.bob2, ids.bob1, ids.ann1]);
  });

  it('filters the queue by reason, service and author, alone and together', async () => {
    const byReason = await list('/api/admin/moderation?limit=100&reason=CONTACT_DETAILS');
    expect(ours(byReason.ids)).toEqual([ids.ann1, ids.bob2]);
    expect(byReason.total).toBe(byReason.ids.length);

    const byService = await list(`/api/admin/moderation?service=${firstService}`);
    expect(byService.ids).toEqual([ids.ann1, ids.bob1]);
    expect(byService.total).toBe(2);

    const byAuthor = await list(`/api/admin/moderation?author=${bob.uid}&sort=newest`);
    expect(byAuthor.ids).toEqual([ids.bob2, ids.bob1]);

    const together = await list(
      `/api/admin/moderation?author=${bob.uid}&reason=CONTACT_DETAILS&sort=newest`,
    );
    expect(together.ids).toEqual([ids.bob2]);
    expect(together.total).toBe(1);
  });

  it('searches the text across every service, and lists by status and author on /reviews', async () => {
    const found = await list('/api/admin/moderation?q=crushed&limit=100');
    expect(ours(found.ids)).toEqual([ids.bob1]);

    const annsAll = await list(`/api/reviews?status=any&author=${ann.uid}&sort=newest`);
    expect(annsAll.ids).toEqual([ids.ann2, ids.ann1]);
    const annsPublished = await list(`/api/reviews?status=published&author=${ann.uid}`);
    expect(annsPublished.ids).toEqual([ids.ann2]);
    // Each review names its real service, whatever its author typed as the title.
    expect(annsPublished.body[0].serviceTitle).toBe('Filter Freight');
  });

  it('approves many reviews at once, answering each one’s outcome, and audits each decision', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const response = await testApp
      .http()
      .post('/api/admin/reviews/decisions')
      .set('Authorization', as(admin))
      .send({ decision: 'approve', ids: [ids.ann1, ids.bob1, ids.ann2, unknown] })
      .expect(200);
    expect(response.body.results).toEqual([
      { id: ids.ann1, success: true, status: 'published' },
      { id: ids.bob1, success: true, status: 'published' },
      {
        id: ids.ann2,
        success: false,
        statusCode: 409,
        error: 'This review is already published.',
      },
      { id: unknown, success: false, statusCode: 404, error: 'No review has this id.' },
    ]);
    expect(await statusOf(ids.ann1)).toBe('published');
    const queue = await list('/api/admin/moderation?limit=100');
    expect(ours(queue.ids)).toEqual([ids.bob2]);

    await eventually('the admin’s decision audited', async () => {
      const audit = await testApp
        .http()
        .get(`/api/admin/audit?review=${ids.bob1}&action=review.moderated`)
        .set('Authorization', as(admin))
        .expect(200);
      const byAdmin = (audit.body as { actor: { role: string }; after: { status: string } }[]).find(
        (entry) => entry.actor.role === 'admin',
      );
      return byAdmin?.after.status === 'published' ? true : undefined;
    });
  });

  it('rejects many reviews at once with the reason their authors see', async () => {
    const response = await testApp
      .http()
      .post('/api/admin/reviews/decisions')
      .set('Authorization', as(admin))
      .send({ decision: 'reject', ids: [ids.bob2], reason: 'No contact details, please.' })
      .expect(200);
    expect(response.body.results).toEqual([{ id: ids.bob2, success: true, status: 'rejected' }]);
    const rejected = await list(`/api/reviews?status=rejected&author=${bob.uid}`);
    expect(rejected.ids).toEqual([ids.bob2]);
  });

  it('refuses bad input with a 400 and a sentence', async () => {
    const tooMany = Array.from({ length: 101 }, () => new Types.ObjectId().toHexString());
    const bodies: [object, string][] = [
      [{ decision: 'approve', ids: tooMany }, 'ids may hold at most 100 reviews'],
      [{ decision: 'approve', ids: [] }, 'ids must hold at least one review id'],
      [{ decision: 'approve', ids: ['nope'] }, 'ids must hold review ids only'],
      [{ decision: 'approve', ids: [ids.ann1, ids.ann1] }, 'ids must not repeat a review'],
      [{ decision: 'maybe', ids: [ids.ann1] }, 'decision must be approve or reject'],
      [{ decision: 'reject', ids: [ids.ann1] }, 'reason must be text'],
    ];
    for (const [body, sentence] of bodies) {
      const response = await testApp
        .http()
        .post('/api/admin/reviews/decisions')
        .set('Authorization', as(admin))
        .send(body)
        .expect(400);
      expect(response.body.error).toContain(sentence);
    }
    for (const query of ['status=pending', 'reason=RUDE', 'author=nobody', 'sort=loudest']) {
      const response = await testApp
        .http()
        .get(`/api/admin/moderation?${query}`)
        .set('Authorization', as(admin))
        .expect(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('is for admins only', async () => {
    await testApp
      .http()
      .post('/api/admin/reviews/decisions')
      .set('Authorization', as(ann))
      .send({ decision: 'approve', ids: [ids.ann1] })
      .expect(403);
  });
});

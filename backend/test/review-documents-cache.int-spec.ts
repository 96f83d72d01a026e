import { ReviewsRepository } from '../src/reviews/reviews.repository';
import { registerUser, registerAdmin, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

interface Listed {
  _id: string;
  details: string;
  helpfulCount: number;
  reply?: { text: string };
}

/**
 * A public review list made again after one of its reviews changed (or one was added) reads only
 * that review from the store: the others come from the per-process copy of each review, which
 * every write of a review drops. What each change shows is there at once.
 */
describe('the public copies of reviews', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  let service: string;
  const authors: RegisteredUser[] = [];
  const ids: string[] = [];

  const page = async () =>
    (await testApp.http().get(`/api/reviews?service=${service}&limit=20`).expect(200))
      .body as Listed[];
  /** The page, and how many reviews it read from the store. */
  const pageReads = async () => {
    const reads = jest.spyOn(testApp.app.get(ReviewsRepository), 'findById');
    try {
      const listed = await page();
      return { listed, reads: reads.mock.calls.length };
    } finally {
      reads.mockRestore();
    }
  };
  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  /** Once the change's settlement (after the answer) wrote the review again too. */
  const settled = (id: string) =>
    eventually('the review settled', async () =>
      (await testApp.app.get(ReviewsRepository).findById(id))?.pending ? undefined : true,
    );

  beforeAll(async () => {
    owner = await registerUser(testApp);
    service = await addService(testApp, owner.accessToken);
    for (let index = 0; index < 5; index += 1) {
      const author = await registerUser(testApp);
      authors.push(author);
      ids.push(await addReview(testApp, author.accessToken, service, { rating: 3 }));
    }
  });

  it('reads each review once, then only a new one', async () => {
    expect((await pageReads()).reads).toBe(5);
    expect((await pageReads()).reads).toBe(0);
    const author = await registerUser(testApp);
    const added = await addReview(testApp, author.accessToken, service);
    const { listed, reads } = await pageReads();
    expect(listed.map((review) => review._id)).toContain(added);
    expect(reads).toBe(1);
  });

  it('shows an edit, a helpful mark and a reply at once, reading only that review', async () => {
    await page();
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${ids[0]}`)
      .set('Authorization', as(authors[0]))
      .send({ details: 'Edited: the parcel came a day late.' })
      .expect(200);
    await settled(ids[0]);
    let after = await pageReads();
    expect(after.listed.find((review) => review._id === ids[0])?.details).toBe(
      'Edited: the parcel came a day late.',
    );
    expect(after.reads).toBe(1);

    await testApp
      .http()
      .post(`/api/reviews/${ids[1]}/helpful`)
      .set('Authorization', as(authors[2]))
      .expect((response) => expect(response.status).toBeLessThan(300));
    await settled(ids[1]);
    after = await pageReads();
    expect(after.listed.find((review) => review._id === ids[1])?.helpfulCount).toBe(1);
    expect(after.reads).toBe(1);

    // The service's owner replies: a write through the replies' own path.
    await testApp
      .http()
      .post(`/api/reviews/${ids[3]}/reply`)
      .set('Authorization', as(owner))
      .send({ text: 'Sorry about that: we have spoken to the driver.' })
      .expect(201);
    await settled(ids[3]);
    after = await pageReads();
    expect(after.listed.find((review) => review._id === ids[3])?.reply?.text).toBe(
      'Sorry about that: we have spoken to the driver.',
    );
    expect(after.reads).toBe(1);

    const admin = await registerAdmin(testApp);
    await testApp
      .http()
      .post(`/api/admin/reviews/${ids[4]}/reject`)
      .set('Authorization', as(admin))
      .send({ reason: 'Off topic.' })
      .expect((response) => expect(response.status).toBeLessThan(300));
    const rejected = (await page()).find((review) => review._id === ids[4]);
    // Out of the public list, or there as a take-down's placeholder without its text.
    expect(rejected === undefined || rejected.details === '').toBe(true);
  });
});

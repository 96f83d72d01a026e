import { addReview, addService } from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

interface ListedReview {
  _id: string;
  helpfulCount: number;
  helpfulByMe?: boolean;
}

/**
 * Readers mark reviews helpful: once each (a derived `_id`), never their own, and they may take
 * it back. The review keeps the count as a counter; lists show it and sort by it.
 */
describe('helpful votes', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(testApp, { name: 'Olga Owner' });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  function vote(review: string, user?: RegisteredUser) {
    const request = testApp.http().post(`/api/reviews/${review}/helpful`);
    return user ? request.set('Authorization', as(user)) : request;
  }

  function unvote(review: string, user: RegisteredUser) {
    return testApp.http().delete(`/api/reviews/${review}/helpful`).set('Authorization', as(user));
  }

  async function listed(service: string, sort = 'newest', user?: RegisteredUser) {
    const request = testApp.http().get(`/api/reviews?service=${service}&sort=${sort}`);
    const response = await (user ? request.set('Authorization', as(user)) : request).expect(200);
    return response.body as ListedReview[];
  }

  async function readers(count: number): Promise<RegisteredUser[]> {
    return Promise.all(
      Array.from({ length: count }, (_, index) =>
        registerUser(testApp, { name: `Reader ${index}` }),
      ),
    );
  }

  it('a reader marks a review helpful once (409 on a second vote), never their own (403)', async () => {
    const service = await addService(testApp, owner.accessToken);
    const author = await registerUser(testApp, { name: 'Arno Author' });
    const review = await addReview(testApp, author.accessToken, service);
    const [reader] = await readers(1);

    await vote(review).expect(401);
    const own = await vote(review, author).expect(403);
    expect(own.body).toMatchObject({
      code: 'OWN_REVIEW',
      error: 'You cannot mark your own review as helpful.',
    });

    const marked = await vote(review, reader).expect(201);
    expect(marked.body).toEqual({ reviewId: review, helpfulCount: 1, helpfulByMe: true });
    const again = await vote(review, reader).expect(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_VOTED',
      error: 'You have already marked this review as helpful.',
    });
    expect((await listed(service))[0].helpfulCount).toBe(1);
    await vote('0123456789abcdef01234567', reader).expect(404);
  });

  it('a reader takes the mark back; the count follows, and each caller sees their own mark', async () => {
    const service = await addService(testApp, owner.accessToken);
    const author = await registerUser(testApp, { name: 'Arno Author' });
    const review = await addReview(testApp, author.accessToken, service);
    const [first, second, third] = await readers(3);
    for (const reader of [first, second, third]) await vote(review, reader).expect(201);
    expect((await listed(service))[0]).toMatchObject({ helpfulCount: 3 });
    expect((await listed(service))[0]).not.toHaveProperty('helpfulByMe');
    expect((await listed(service, 'newest', first))[0]).toMatchObject({ helpfulByMe: true });
    expect((await listed(service, 'newest', author))[0]).toMatchObject({
      helpfulCount: 3,
      helpfulByMe: false,
    });

    const withdrawn = await unvote(review, first).expect(200);
    expect(withdrawn.body).toEqual({ reviewId: review, helpfulCount: 2, helpfulByMe: false });
    const none = await unvote(review, first).expect(404);
    expect(none.body.error).toBe('You have not marked this review as helpful.');
    expect((await listed(service, 'newest', first))[0]).toMatchObject({
      helpfulCount: 2,
      helpfulByMe: false,
    });
    // Taken back, it may be given again.
    await vote(review, first).expect(201);
    expect((await listed(service))[0].helpfulCount).toBe(3);
  });

  it('"most helpful" orders a service\'s reviews by their count, and re-sorts after a vote', async () => {
    const service = await addService(testApp, owner.accessToken);
    const authors = await readers(3);
    const reviews: string[] = [];
    for (const author of authors)
      reviews.push(await addReview(testApp, author.accessToken, service));
    const [older, middle, newest] = reviews;
    const [a, b, c] = await readers(3);
    await vote(middle, a).expect(201);
    await vote(middle, b).expect(201);
    await vote(older, a).expect(201);

    const ids = async () => (await listed(service, 'most_helpful')).map((review) => review._id);
    expect(await ids()).toEqual([middle, older, newest]);
    expect((await listed(service, 'newest')).map((review) => review._id)).toEqual([
      newest,
      middle,
      older,
    ]);

    // Three votes for the newest put it first; withdrawals move the middle one down.
    for (const reader of [a, b, c]) await vote(newest, reader).expect(201);
    await unvote(middle, a).expect(200);
    await unvote(middle, b).expect(200);
    expect(await ids()).toEqual([newest, older, middle]);

    // Across every service there is no such order: a service must be chosen.
    const across = await testApp.http().get('/api/reviews?sort=most_helpful').expect(400);
    expect(across.body.code).toBe('SERVICE_NEEDED');
  });
});

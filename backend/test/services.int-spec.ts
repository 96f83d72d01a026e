import { addReview, addService } from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('services', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  const marker = `svc${Date.now().toString(36)}`;

  beforeAll(async () => {
    owner = await registerUser(testApp);
  });

  const bearer = () => `Bearer ${owner.accessToken}`;

  it('lists every category in use with its number of services, including a new one', async () => {
    const category = `${marker}-freight`;
    const countOf = async () => {
      const response = await testApp.http().get('/api/categories').expect(200);
      const names = response.body.map((entry: { category_id: string }) => entry.category_id);
      expect(names).toEqual([...names].sort());
      return response.body.find((entry: { category_id: string }) => entry.category_id === category)
        ?.count;
    };
    expect(await countOf()).toBeUndefined();

    await addService(testApp, owner.accessToken, { category_id: category });
    await addService(testApp, owner.accessToken, { category_id: category });
    expect(await countOf()).toBe(2);
  });

  it('adding a service answers {acknowledged, insertedId}, and it can be read back', async () => {
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', bearer())
      .send({
        title: `${marker} Overnight Express`,
        price: '42',
        image: 'https://example.com/van.png',
        details: 'Next morning by nine.',
        category_id: 'courier',
      })
      .expect(201);
    expect(response.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const read = await testApp.http().get(`/api/services/${response.body.insertedId}`).expect(200);
    expect(read.body).toMatchObject({
      _id: response.body.insertedId,
      category_id: 'courier',
      title: `${marker} Overnight Express`,
      price: 42,
      image: 'https://example.com/van.png',
      details: 'Next morning by nine.',
      ownerId: owner.uid,
      rating: {
        average: 0,
        count: 0,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        criteria: { speed: { average: null, count: 0 } },
      },
    });
  });

  it('adding a service needs a login', async () => {
    const response = await testApp
      .http()
      .post('/api/addservices')
      .send({ title: 'x', price: 1, image: '/a.png', details: 'y' })
      .expect(401);
    expect(response.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it.each([
    [{ title: '', price: 1, image: '/a.png', details: 'y' }, 'title'],
    [{ title: 't', price: -1, image: '/a.png', details: 'y' }, 'price'],
    [{ title: 't', price: 'ten', image: '/a.png', details: 'y' }, 'price'],
    [{ title: 't', price: 1.5, image: '/a.png', details: 'y' }, 'price'],
    [{ title: 't', price: 1, image: 'javascript:alert(1)', details: 'y' }, 'image'],
    [{ title: 't', price: 1, image: '/a.png' }, 'details'],
    [{ title: { $gt: '' }, price: 1, image: '/a.png', details: 'y' }, 'title'],
    [{ title: 't', price: 1, image: '/a.png', details: 'y', ownerId: 'me' }, 'ownerId'],
  ])('a bad service %j is a 400 naming %s', async (body, field) => {
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', bearer())
      .send(body)
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('a second service with the same title is a 409', async () => {
    const title = `${marker} Unique Title`;
    await addService(testApp, owner.accessToken, { title });
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', bearer())
      .send({ title, price: 1, image: '/a.png', details: 'y' })
      .expect(409);
    expect(response.body.error).toMatch(/already exists/);
  });

  it('a malformed id is a 400 and an unknown one a 404', async () => {
    await testApp.http().get('/api/services/not-an-id').expect(400);
    const missing = await testApp.http().get('/api/services/0123456789abcdef01234567').expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', error: 'No service has this id.' });
  });

  it('lists paginate with X-Total-Count and Link, filter, search safely and sort', async () => {
    const prices = [30, 10, 20];
    for (const price of prices) {
      await addService(testApp, owner.accessToken, {
        title: `${marker} Freight ${price}`,
        price,
        category_id: `cat-${marker}`,
        // Each its own description: a copy of another service's would wait for an admin.
        details: `Pallets (big) for ${marker}, at ${price} a pallet.`,
      });
    }
    const first = await testApp
      .http()
      .get(`/api/services?category=cat-${marker}&sort=price_asc&limit=2`)
      .expect(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers.link).toContain('rel="next"');
    expect(first.body.map((s: { price: number }) => s.price)).toEqual([10, 20]);

    const second = await testApp
      .http()
      .get(`/api/services?category=cat-${marker}&sort=price_asc&limit=2&offset=2`)
      .expect(200);
    expect(second.body.map((s: { price: number }) => s.price)).toEqual([30]);

    const desc = await testApp.http().get(`/api/services?category=cat-${marker}&sort=price_desc`);
    expect(desc.body.map((s: { price: number }) => s.price)).toEqual([30, 20, 10]);

    const searched = await testApp
      .http()
      .get(`/api/services?q=${encodeURIComponent(`(BIG) FOR ${marker}`)}`)
      .expect(200);
    expect(searched.body).toHaveLength(3);
    const regexLike = await testApp.http().get('/api/services?q=.*').expect(200);
    expect(regexLike.headers['x-total-count']).toBe('0');
  });

  it('bad list parameters are 400s', async () => {
    await testApp.http().get('/api/services?limit=0').expect(400);
    await testApp.http().get('/api/services?limit=101').expect(400);
    await testApp.http().get('/api/services?sort=cheapest').expect(400);
    await testApp.http().get('/api/services?q[$ne]=x').expect(400);
  });

  it('/servicelimit answers the 3 best-rated services, weighing stars by their number', async () => {
    const [many, single] = [
      await addService(testApp, owner.accessToken),
      await addService(testApp, owner.accessToken),
    ];
    const reviewers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser(testApp)));
    // The score's prior is the site-wide mean: on a site of only five-star reviews one five-star
    // review would rightly score as high as six, so the site has a poor review too.
    const poor = await addService(testApp, owner.accessToken);
    await addReview(testApp, reviewers[0]!.accessToken, poor, { rating: 1 });
    for (const reviewer of reviewers) {
      await addReview(testApp, reviewer.accessToken, many, { rating: 5 });
    }
    await addReview(testApp, reviewers[0]!.accessToken, single, { rating: 5 });
    const newest = await addService(testApp, owner.accessToken); // unreviewed

    // Other files' services share the database, so only what these three decide is checked.
    const response = await testApp.http().get('/api/servicelimit').expect(200);
    expect(response.body).toHaveLength(3);
    const ids = response.body.map((service: { _id: string }) => service._id);
    expect(ids).toContain(many);
    // One 5-star review weighs less than six; an unreviewed service comes after both.
    const rank = (id: string) => (ids.includes(id) ? ids.indexOf(id) : ids.length);
    expect(rank(many)).toBeLessThan(rank(single));
    if (ids.includes(newest)) expect(rank(single)).toBeLessThan(rank(newest));
    expect(Object.keys(response.body[0])).toEqual(
      expect.arrayContaining(['category_id', '_id', 'title', 'price', 'image', 'details']),
    );
  });

  it('lowest rated leaves unreviewed services out, and the count agrees', async () => {
    const reviewed = await addService(testApp, owner.accessToken);
    await addReview(testApp, (await registerUser(testApp)).accessToken, reviewed, { rating: 1 });
    await addService(testApp, owner.accessToken);
    // Other files' reviewed services share the store: read every page of the list.
    const listed: { rating: { count: number } }[] = [];
    let total = 0;
    for (let offset = 0; offset === 0 || offset < total; offset += 100) {
      const response = await testApp
        .http()
        .get(`/api/services?sort=rating_asc&limit=100&offset=${offset}`)
        .expect(200);
      total = Number(response.headers['x-total-count']);
      listed.push(...(response.body as { rating: { count: number } }[]));
    }
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((service) => service.rating.count > 0)).toBe(true);
    expect(total).toBe(listed.length);
  });
});

import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp, type TestApp } from './support/test-app';

/** A GET as `caller` (a visitor without one), answered 200. */
function readAs(testApp: TestApp, path: string, caller?: RegisteredUser) {
  const call = testApp.http().get(path);
  return (caller ? call.set('Authorization', `Bearer ${caller.accessToken}`) : call).expect(200);
}

const MANAGE = { edit: true, delete: true };
const NOTHING = {
  edit: false,
  delete: false,
  reply: false,
  report: false,
  helpful: false,
  appeal: false,
};

/** Each review answers what its caller may do with it; the SPA shows its buttons from that. */
describe('review permissions in the API answers', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  let author: RegisteredUser;
  let other: RegisteredUser;
  let admin: RegisteredUser;
  let service: string;
  let review: string;

  beforeAll(async () => {
    [owner, author, other, admin] = await Promise.all([
      registerUser(testApp),
      registerUser(testApp),
      registerUser(testApp),
      registerAdmin(testApp),
    ]);
    service = await addService(testApp, owner.accessToken);
    review = await addReview(testApp, author.accessToken, service);
  });

  const get = (path: string, caller?: RegisteredUser) => readAs(testApp, path, caller);
  const reviewIn = (items: { _id: string; permissions: Record<string, boolean> }[]) =>
    items.find((item) => item._id === review);

  it('gives a visitor nothing to do', async () => {
    const { body } = await get(`/api/reviews?service=${service}`);
    expect(reviewIn(body)).toMatchObject({ permissions: NOTHING });
  });

  it('lets the author edit and delete their review, on the service page and in their own list', async () => {
    const onPage = await get(`/api/reviews?service=${service}`, author);
    expect(reviewIn(onPage.body)).toMatchObject({ permissions: { ...MANAGE, report: false } });
    const mine = await get('/api/myreviews', author);
    expect(reviewIn(mine.body)).toMatchObject({ permissions: { ...MANAGE, report: false } });
    const editable = await get(`/api/myeditedreviews/${review}`, author);
    expect(editable.body.permissions).toMatchObject(MANAGE);
  });

  it('lets another signed-in user change nothing', async () => {
    const { body } = await get(`/api/reviews?service=${service}`, other);
    expect(reviewIn(body)?.permissions).toMatchObject({ edit: false, delete: false });
  });

  it("lets the service's owner and admins reply, on the shared pages, also when answered again", async () => {
    // The service page and the list of every service's reviews, each asked twice: the second
    // answer may be a replay of the first.
    for (const path of [`/api/reviews?service=${service}`, '/api/reviews?limit=100']) {
      for (let call = 0; call < 2; call += 1) {
        expect(reviewIn((await get(path, owner)).body)?.permissions).toEqual({
          edit: false,
          delete: false,
          reply: true,
          report: true,
          helpful: true,
          appeal: false,
        });
        expect(reviewIn((await get(path, other)).body)?.permissions).toMatchObject({
          reply: false,
          report: true,
        });
        expect(reviewIn((await get(path, author)).body)?.permissions).toMatchObject({
          reply: false,
        });
        expect(reviewIn((await get(path, admin)).body)?.permissions).toMatchObject({
          reply: true,
        });
        expect(reviewIn((await get(path)).body)).toMatchObject({ permissions: NOTHING });
      }
    }
  });

  it('lets an admin edit and delete any review, where admins list them', async () => {
    const { body } = await get(`/api/reviews?service=${service}&status=any`, admin);
    expect(reviewIn(body)).toMatchObject({ permissions: { ...MANAGE, reply: true } });
  });

  it("says who is an admin in the signed-in user's own answer", async () => {
    expect((await get('/api/auth/me', admin)).body).toMatchObject({ isAdmin: true });
    expect((await get('/api/auth/me', other)).body).toMatchObject({ isAdmin: false });
  });
});

/** Each service answers what its caller may do with it: review it, answer its reviews, invite. */
describe('service permissions in the API answers', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  let other: RegisteredUser;
  let admin: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    [owner, other, admin] = await Promise.all([
      registerUser(testApp),
      registerUser(testApp),
      registerAdmin(testApp),
    ]);
    service = await addService(testApp, owner.accessToken);
  });

  const get = (path: string, caller?: RegisteredUser) => readAs(testApp, path, caller);
  const serviceIn = (items: { _id: string; permissions: Record<string, boolean> }[]) =>
    items.find((item) => item._id === service)?.permissions;

  it.each([
    [
      'a visitor: review, once signed in',
      undefined,
      { review: true, reply: false, invite: false, edit: false, claim: false },
    ],
    [
      'its owner: reply, invite and edit, not review',
      'owner',
      { review: false, reply: true, invite: true, edit: true, claim: false },
    ],
    [
      'another user: review',
      'other',
      { review: true, reply: false, invite: false, edit: false, claim: false },
    ],
    [
      'an admin: review, reply and edit',
      'admin',
      { review: true, reply: true, invite: false, edit: true, claim: false },
    ],
  ] as const)(
    'gives %s, on its page and in the list, also when answered again',
    async (_who, as, expected) => {
      const caller = { owner, other, admin, undefined }[as ?? 'undefined'];
      for (let call = 0; call < 2; call += 1) {
        expect((await get(`/api/services/${service}`, caller)).body.permissions).toEqual(expected);
        const list = await get('/api/services?limit=100&sort=newest', caller);
        expect(serviceIn(list.body)).toEqual(expected);
      }
    },
  );

  it("gives its owner their own service's permissions in their list", async () => {
    const { body } = await get('/api/myservices', owner);
    expect(serviceIn(body)).toEqual({
      review: false,
      reply: true,
      invite: true,
      edit: true,
      claim: false,
    });
  });

  it('refuses its owner a review, as the permissions say', async () => {
    const { body } = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .send({
        title: 'My own',
        details: 'I run this courier myself.',
        serviceID: 4821,
        rating: 5,
        service,
      })
      .expect(403);
    expect(body).toMatchObject({ code: 'OWN_SERVICE' });
  });
});

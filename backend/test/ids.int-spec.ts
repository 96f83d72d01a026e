import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';

/** Ids are hex: however a client spells one, it names one thing (checked on the full app). */
describe('ids in any letter case', () => {
  const testApp = useTestApp({ full: true });
  let author: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    author = await registerUser(testApp);
    service = await addService(testApp, (await registerUser(testApp)).accessToken);
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  it('a review of the upper-case service id is the one review of that service', async () => {
    const id = await addReview(testApp, author.accessToken, service.toUpperCase(), { rating: 3 });

    const again = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(author))
      .send({ title: 'Twice', details: 'Again.', serviceID: 1, rating: 5, service });
    expect(again.status).toBe(409);

    const listed = await testApp.http().get(`/api/reviews?service=${service.toUpperCase()}`);
    expect(listed.body.map((review: { _id: string }) => review._id)).toEqual([id]);
    expect(listed.body[0].service).toBe(service);
    const rating = (await testApp.http().get(`/api/services/${service.toUpperCase()}`)).body.rating;
    expect(rating.count).toBe(1);
  });

  it('a review id in upper case reaches the same review', async () => {
    const other = await registerUser(testApp);
    const id = await addReview(testApp, other.accessToken, service);
    const response = await testApp
      .http()
      .get(`/api/myeditedreviews/${id.toUpperCase()}`)
      .set('Authorization', as(other))
      .expect(200);
    expect(response.body._id).toBe(id);
  });
});

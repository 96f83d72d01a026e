import type { AddressInfo } from 'node:net';
import { createServiceCriticClient } from '../../client/src/index';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';

/** The integrators' typed client (client/) against the real API over HTTP. */
describe('@service-critic/client', () => {
  const testApp = useTestApp();
  let baseUrl: string;
  let author: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    await testApp.app.listen(0, '127.0.0.1');
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}/`;
    author = await registerUser(testApp);
    const owner = await registerUser(testApp);
    service = await addService(testApp, owner.accessToken);
  });

  it('creates a review with a bearer token and reads it back', async () => {
    const client = createServiceCriticClient({ baseUrl, token: author.accessToken });
    const created = await client.POST('/api/addreviews', {
      body: {
        service,
        serviceID: 1,
        title: 'Typed and on time',
        details: 'The parcel came the next morning through the typed client.',
        rating: 5,
      },
    });
    expect(created.error).toBeUndefined();
    expect(created.response.status).toBe(201);
    const id = created.data?.insertedId;
    expect(id).toMatch(/^[a-f\d]{24}$/);

    const read = await client.GET('/api/reviews/{id}', { params: { path: { id: id! } } });
    expect(read.data).toMatchObject({ _id: id, service, title: 'Typed and on time', rating: 5 });
  });

  it('gives the API’s error, typed, without a token', async () => {
    const client = createServiceCriticClient({ baseUrl });
    const refused = await client.POST('/api/addreviews', {
      body: {
        service,
        serviceID: 1,
        title: 'No token',
        details: 'Should not be stored.',
        rating: 1,
      },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect(refused.error?.error).toEqual(expect.any(String));
  });
});

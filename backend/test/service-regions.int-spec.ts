import { addService } from './support/catalog-helpers';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('the regions services serve', () => {
  const testApp = useTestApp();
  let owner: RegisteredUser;
  const marker = `rgn${Date.now().toString(36)}`;

  beforeAll(async () => {
    owner = await registerUser(testApp);
  });

  const add = (fields: { regions?: string[]; category_id?: string } = {}) =>
    addService(testApp, owner.accessToken, { category_id: `cat-${marker}`, ...fields });

  const idsOf = (body: { _id: string }[]) => body.map((service) => service._id).sort();

  it('a service added with regions shows them; one added without has none', async () => {
    const served = await add({ regions: ['west', 'nationwide'] });
    const unsaid = await add();
    const read = await testApp.http().get(`/api/services/${served}`).expect(200);
    expect(read.body.regions).toEqual(['west', 'nationwide']);
    expect((await testApp.http().get(`/api/services/${unsaid}`).expect(200)).body.regions).toEqual(
      [],
    );
  });

  it('an unknown region is refused with a sentence naming the regions', async () => {
    const response = await testApp
      .http()
      .post('/api/addservices')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .send({
        title: `${marker} Moon Vans`,
        price: 5,
        image: '/images/services/test.svg',
        details: 'Vans to the moon.',
        regions: ['west', 'moon'],
      })
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error:
        'Invalid request: regions must each be one of northeast, southeast, midwest, southwest, west, nationwide, international.',
      details: [{ field: 'regions', message: expect.stringMatching(/^regions must each be/) }],
    });
    const list = await testApp.http().get('/api/services?region=moon').expect(400);
    expect(list.body.error).toBe(
      'Invalid request: region must be one of northeast, southeast, midwest, southwest, west, nationwide, international.',
    );
  });

  it('lists exactly the services of a category serving a region, a nationwide one included', async () => {
    const category = `list-${marker}`;
    const west = await add({ category_id: category, regions: ['west'] });
    const nationwide = await add({ category_id: category, regions: ['nationwide'] });
    const abroad = await add({ category_id: category, regions: ['international'] });
    await add({ category_id: category, regions: ['northeast'] });
    await add({ category_id: category });
    await add({ regions: ['west'] }); // another category

    const inWest = await testApp
      .http()
      .get(`/api/services?category=${category}&region=west&sort=price_asc`)
      .expect(200);
    expect(inWest.headers['x-total-count']).toBe('2');
    expect(idsOf(inWest.body)).toEqual([west, nationwide].sort());

    const byRegion = async (region: string) =>
      idsOf((await testApp.http().get(`/api/services?category=${category}&region=${region}`)).body);
    expect(await byRegion('international')).toEqual([abroad]);
    expect(await byRegion('nationwide')).toEqual([nationwide]);
    expect(await byRegion('southeast')).toEqual([nationwide]);
  });
});

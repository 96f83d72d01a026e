import type { ArgumentMetadata } from '@nestjs/common';
import { ApiError, type ApiErrorBody } from '../common/api-error';
import { apiValidationPipe } from '../common/validation';
import { CreateServiceDto, ServiceQueryDto } from './service.dto';

const pipe = apiValidationPipe();
const service = {
  title: 'Harbour Vans',
  price: 20,
  image: '/images/services/test.svg',
  details: 'Vans by the harbour.',
};

function check(value: object, metatype: ArgumentMetadata['metatype'], type: 'body' | 'query') {
  return pipe.transform(value, { type, metatype });
}

/** The sentence a refused value gets, as the API answers it. */
async function refusal(
  value: object,
  metatype: ArgumentMetadata['metatype'],
  type: 'body' | 'query' = 'body',
) {
  try {
    await check(value, metatype, type);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (error.getResponse() as ApiErrorBody).error;
  }
  throw new Error('The value was accepted.');
}

describe('regions in the services DTOs', () => {
  it('a new service may list regions, or none', async () => {
    await expect(
      check({ ...service, regions: ['west', 'nationwide'] }, CreateServiceDto, 'body'),
    ).resolves.toMatchObject({ regions: ['west', 'nationwide'] });
    await expect(check({ ...service, regions: [] }, CreateServiceDto, 'body')).resolves.toEqual(
      expect.objectContaining({ regions: [] }),
    );
    expect(((await check(service, CreateServiceDto, 'body')) as CreateServiceDto).regions).toBe(
      undefined,
    );
  });

  it('an unknown region, a repeated one or a region that is not in a list is refused in a sentence', async () => {
    expect(await refusal({ ...service, regions: ['west', 'mars'] }, CreateServiceDto)).toBe(
      'Invalid request: regions must each be one of northeast, southeast, midwest, southwest, west, nationwide, international.',
    );
    expect(await refusal({ ...service, regions: ['west', 'west'] }, CreateServiceDto)).toBe(
      'Invalid request: regions must name each region once.',
    );
    expect(await refusal({ ...service, regions: 'west' }, CreateServiceDto)).toBe(
      'Invalid request: regions must be a list of regions.',
    );
  });

  it('the list takes one known region', async () => {
    await expect(check({ region: 'midwest' }, ServiceQueryDto, 'query')).resolves.toMatchObject({
      region: 'midwest',
    });
    expect(await refusal({ region: 'atlantis' }, ServiceQueryDto, 'query')).toBe(
      'Invalid request: region must be one of northeast, southeast, midwest, southwest, west, nationwide, international.',
    );
    expect(await refusal({ region: ['west', 'midwest'] }, ServiceQueryDto, 'query')).toMatch(
      /^Invalid request: region must be one of/,
    );
  });
});

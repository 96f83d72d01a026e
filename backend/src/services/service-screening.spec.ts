import { descriptionKey, screenService } from './service-screening';

describe('screenService', () => {
  it('lists a plain service at once, a number in its title included', () => {
    expect(
      screenService({ title: 'Harbour Bikes 1763923952000', details: 'Cargo bikes by the hour.' }),
    ).toEqual([]);
    expect(
      screenService({ title: 'Harbour Cargo Bikes', details: 'Cargo bikes booked by the hour.' }),
    ).toEqual([]);
  });

  it.each([
    [{ title: 'X', details: 'Parcels across town.' }, ['JUNK_TITLE']],
    [{ title: 'Assholes Express', details: 'Parcels across town.' }, ['PROFANITY']],
    [{ title: '!!', details: 'Parcels across town.' }, ['JUNK_TITLE']],
    [{ title: 'Fast Couriers', details: 'Call +1 555 123 4567 now' }, ['CONTACT_DETAILS']],
    [{ title: 'Fast Couriers', details: 'These assholes deliver' }, ['PROFANITY']],
  ])('holds %j for %j', (service, reasons) => {
    expect(screenService(service)).toEqual(reasons);
  });
});

describe('descriptionKey', () => {
  it('is the same for a text whatever its case, spacing and punctuation', () => {
    const key = descriptionKey('Same-day vans from the docks.');
    expect(descriptionKey('  same day VANS from the docks')).toBe(key);
    expect(descriptionKey('Same day vans, from the docks!')).toBe(key);
  });

  it('differs when a word differs or moves', () => {
    const key = descriptionKey('Same-day vans from the docks.');
    expect(descriptionKey('Same-day vans to the docks.')).not.toBe(key);
    expect(descriptionKey('Vans same-day from the docks.')).not.toBe(key);
  });
});

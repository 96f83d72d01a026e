import { claimDomainOf, isAtWebsiteDomain } from './claim-domain';

describe('the domain a claim proves', () => {
  it('is the website host without a leading www., in lower case', () => {
    expect(claimDomainOf('https://www.FastCourier.example/about')).toBe('fastcourier.example');
    expect(claimDomainOf('http://shop.fastcourier.example')).toBe('shop.fastcourier.example');
    expect(claimDomainOf('ftp://fastcourier.example')).toBeNull();
    expect(claimDomainOf('not a url')).toBeNull();
  });

  it('matches an address at exactly that domain', () => {
    const site = 'https://www.fastcourier.example';
    expect(isAtWebsiteDomain('ops@fastcourier.example', site)).toBe(true);
    expect(isAtWebsiteDomain('Ops@FASTCOURIER.example', site)).toBe(true);
    expect(isAtWebsiteDomain('ops@www.fastcourier.example', site)).toBe(false);
    expect(isAtWebsiteDomain('ops@mail.fastcourier.example', site)).toBe(false);
    expect(isAtWebsiteDomain('ops@fastcourier.example.evil', site)).toBe(false);
    expect(isAtWebsiteDomain('ops@gmail.com', site)).toBe(false);
  });
});

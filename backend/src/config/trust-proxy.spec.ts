import { isTrustProxy, toTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(toTrustProxy(undefined)).toBe(false);
    expect(toTrustProxy('')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(isTrustProxy('1')).toBe(true);
    expect(toTrustProxy('1')).toBe(1);
  });

  it('takes addresses, CIDRs and express range names', () => {
    const value = '10.0.0.1, 172.16.0.0/12,fd00::/8, loopback';
    expect(isTrustProxy(value)).toBe(true);
    expect(toTrustProxy(value)).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', 'loopback']);
  });

  it.each(['yes', 'true', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example.com', '-1'])(
    'refuses %j',
    (value) => expect(isTrustProxy(value)).toBe(false),
  );
});

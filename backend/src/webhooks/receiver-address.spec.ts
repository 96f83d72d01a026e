import { checkReceiverUrl, checkedLookup, refusedAddress } from './receiver-address';

describe('the webhook receiver address check', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fd00::1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:a9fe:a9fe', 'a link-local address'],
  ])('refuses %s (%s)', (address, why) => {
    expect(refusedAddress(address, false)).toBe(why);
  });

  it.each(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(refusedAddress(address, false)).toBeNull();
    },
  );

  it('allows loopback, and loopback only, with the switch on', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', true)).toBeNull();
    expect(refusedAddress('10.0.0.1', true)).toBe('a private address');
    expect(refusedAddress('169.254.169.254', true)).toBe('a link-local address');
  });

  it('wants https, and takes http only where loopback is allowed', async () => {
    await expect(checkReceiverUrl('http://93.184.215.14/hook', false)).rejects.toThrow(
      'The webhook URL must start with https://.',
    );
    await expect(checkReceiverUrl('ftp://127.0.0.1/hook', true)).rejects.toThrow(
      'must start with https://',
    );
    await expect(checkReceiverUrl('http://127.0.0.1:9/hook', true)).resolves.toBeInstanceOf(URL);
    await expect(checkReceiverUrl('not a url', false)).rejects.toThrow('not a valid URL');
  });

  it('refuses IP literals in brackets and names that resolve to refused addresses', async () => {
    await expect(checkReceiverUrl('https://[::1]/hook', false)).rejects.toThrow(
      'Webhooks may not be sent to ::1: it resolves to ::1, a loopback address.',
    );
    await expect(checkReceiverUrl('https://localhost/hook', false)).rejects.toThrow(
      /resolves to .*a loopback address/,
    );
  });

  it("checks again at connection time: the agent's lookup hands out no refused address", async () => {
    const lookUp = (allowLoopback: boolean, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        checkedLookup(allowLoopback)('localhost', { all }, (error, address) =>
          resolve({ error, address }),
        ),
      );
    const refused = await lookUp(false, false);
    expect(refused.error?.message).toMatch(/a loopback address/);
    const allowed = await lookUp(true, true);
    expect(allowed.error).toBeNull();
    expect(allowed.address).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]),
    );
  });
});

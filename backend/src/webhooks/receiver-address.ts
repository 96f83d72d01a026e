import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

/** What an address is, in words, for ranges a webhook may not reach. */
const REFUSED_RANGES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  reserved: 'a reserved address',
};

/**
 * Why a webhook may not be sent to `address`, or null when it may: only public unicast
 * addresses, IPv4-mapped IPv6 judged as the IPv4 address it holds; loopback only when allowed
 * (WEBHOOKS_ALLOW_LOOPBACK, for tests and local use).
 */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return REFUSED_RANGES[range] ?? `a special-purpose address (${range})`;
}

/** A refused receiver: the sentence says why, for the 400 and the delivery log. */
export class ReceiverRefused extends Error {}

const lookupAll = promisify(dnsLookup);

/** The host of a URL as DNS and `net` take it (IPv6 literals without their brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Every address `host` resolves to, each checked: one refused address refuses the host (a
 * name that answers a public and a private address could be made to reach the private one).
 */
export async function checkedAddresses(
  host: string,
  allowLoopback: boolean,
): Promise<LookupAddress[]> {
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookupAll(host, { all: true, verbatim: true }).catch(() => {
        throw new ReceiverRefused(`The host name ${host} does not resolve.`);
      });
  for (const { address } of addresses) {
    const refused = refusedAddress(address, allowLoopback);
    if (refused) {
      throw new ReceiverRefused(
        `Webhooks may not be sent to ${host}: it resolves to ${address}, ${refused}.`,
      );
    }
  }
  return addresses;
}

/** Checks a receiver's URL: https (http only where loopback is allowed) and a public host. */
export async function checkReceiverUrl(url: string, allowLoopback: boolean): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReceiverRefused('The webhook URL is not a valid URL.');
  }
  const schemes = allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) {
    throw new ReceiverRefused('The webhook URL must start with https://.');
  }
  if (parsed.username || parsed.password) {
    throw new ReceiverRefused('The webhook URL may not hold a user name or password.');
  }
  await checkedAddresses(hostOf(parsed), allowLoopback);
  return parsed;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the HTTP agent: it resolves the host again at connection time and hands the
 * socket only checked addresses, so a DNS answer changed since the URL was checked (DNS
 * rebinding) cannot reach a refused address.
 */
export function checkedLookup(allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    checkedAddresses(hostname, allowLoopback).then(
      (addresses) =>
        options.all
          ? callback(null, addresses)
          : callback(null, addresses[0].address, addresses[0].family),
      (error: Error) => callback(Object.assign(error, { code: 'EREFUSED' }), ''),
    );
  };
}

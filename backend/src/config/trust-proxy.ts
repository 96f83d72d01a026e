import { isIP } from 'node:net';

/** Express's `trust proxy` setting: hops to trust, the proxies' addresses, or nothing. */
export type TrustProxy = number | string[] | false;

/** Express's names for address ranges it knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function entriesOf(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** TRUST_PROXY: empty, a hop count (`1`), or comma-separated addresses and CIDRs. */
export function isTrustProxy(value: string | undefined): boolean {
  if (value === undefined || /^\s*\d+\s*$/.test(value)) return true;
  return entriesOf(value).every(isProxyAddress);
}

/**
 * Whom to believe about the client's address (X-Forwarded-For): by default nobody, so a client
 * cannot pick its own address and dodge the per-IP rate limits.
 */
export function toTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const entries = entriesOf(value);
  return entries.length > 0 ? entries : false;
}

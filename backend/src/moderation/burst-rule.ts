import { isIPv4, isIPv6 } from 'node:net';
import type { AppConfig } from '../config/app-config';

/**
 * The burst rule's numbers: every one comes from a `BURST_*` variable (config/app-config.ts,
 * README "Configuration"), so this is the one place to tune them.
 */
export type BurstSettings = AppConfig['burst'];

/** One recent review of a service as the rule sees it. */
export interface BurstEntry {
  rating: number;
  /** Whether its author's account was younger than `newAccountMs` when they wrote it. */
  newAccount: boolean;
  /** Its client's network (`networkOf`): the /24 of an IPv4 address, the /48 of an IPv6 one. */
  network: string;
}

/** Why a window is a burst: new accounts, few networks, or both. */
export type BurstSign = 'new-accounts' | 'few-networks';

export interface BurstVerdict {
  burst: boolean;
  /** Which way the extreme ratings go: low (1–2★) or high (5★). */
  direction: 'low' | 'high';
  /** How many of the window's reviews go that way. */
  extreme: number;
  signs: BurstSign[];
}

/** The window's reviews, and how many the service had over the baseline days (those included). */
export interface BurstWindow {
  entries: BurstEntry[];
  baselineCount: number;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** How many of the entries the `few` networks that wrote the most of them wrote. */
function fromTopNetworks(entries: BurstEntry[], few: number): number {
  const counts = new Map<string, number>();
  for (const { network } of entries) counts.set(network, (counts.get(network) ?? 0) + 1);
  return [...counts.values()]
    .sort((a, b) => b - a)
    .slice(0, few)
    .reduce((sum, count) => sum + count, 0);
}

/**
 * Whether a service's recent window of reviews is a burst: at least `minReviews`, of which at
 * least `extremeShare` are extreme the same way (1–2★, or 5★), and of those at least
 * `suspectShare` come from new accounts or from the `fewNetworks` busiest networks; and the
 * window holds at least `rateMultiplier` times what the service's usual rate (over the baseline
 * days before the window) would bring in a window.
 */
export function burstVerdict(window: BurstWindow, settings: BurstSettings): BurstVerdict {
  const { entries } = window;
  const low = entries.filter((entry) => entry.rating <= 2);
  const high = entries.filter((entry) => entry.rating >= 5);
  const direction = low.length >= high.length ? 'low' : 'high';
  const extreme = direction === 'low' ? low : high;
  const signs: BurstSign[] = [];
  const newAccounts = extreme.filter((entry) => entry.newAccount).length;
  if (share(newAccounts, extreme.length) >= settings.suspectShare) signs.push('new-accounts');
  if (
    share(fromTopNetworks(extreme, settings.fewNetworks), extreme.length) >= settings.suspectShare
  )
    signs.push('few-networks');
  const baselineHours = settings.baselineDays * 24;
  const usualPerWindow =
    (Math.max(0, window.baselineCount - entries.length) / baselineHours) *
    (settings.windowMs / 3_600_000);
  const burst =
    entries.length >= settings.minReviews &&
    share(extreme.length, entries.length) >= settings.extremeShare &&
    signs.length > 0 &&
    entries.length >= settings.rateMultiplier * usualPerWindow;
  return { burst, direction, extreme: extreme.length, signs };
}

/** The 16-bit groups of an IPv6 address, `::` expanded; an embedded IPv4 tail counts as two. */
function ipv6Groups(address: string): string[] {
  const withoutZone = address.split('%')[0];
  const tail = withoutZone.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  const hex = tail
    ? withoutZone.slice(0, tail.index) +
      [
        ((Number(tail[1]) << 8) | Number(tail[2])).toString(16),
        ((Number(tail[3]) << 8) | Number(tail[4])).toString(16),
      ].join(':')
    : withoutZone;
  const [head, rest] = hex.split('::');
  const front = head ? head.split(':') : [];
  const back = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The client's network: the /24 of an IPv4 address (an IPv4-mapped IPv6 one too), the /48 of an
 * IPv6 address; the address itself when it is neither (no address: 'unknown').
 */
export function networkOf(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  const address = mapped ? mapped[1] : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return address || 'unknown';
}

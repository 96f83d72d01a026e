/**
 * CPU time per process of a benchmark's own process tree (API, worker, FerretDB, PostgreSQL,
 * Redis, the benchmark itself) and of the whole machine, read from /proc: where an operation's
 * CPU goes, whether anything else was busy while a run measured one process, and when the
 * machine is quiet enough to start a run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { round } from './support';

const TICKS_PER_SECOND = 100;

/**
 * The whole machine's CPU seconds so far (/proc/stat): busy (anything but idle and I/O wait),
 * of which stolen by the hypervisor, and in all.
 */
export function machineCpu(): { busy: number; steal: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = values[3] + (values[4] ?? 0);
  return {
    busy: (total - idle) / TICKS_PER_SECOND,
    steal: (values[7] ?? 0) / TICKS_PER_SECOND,
    total: total / TICKS_PER_SECOND,
  };
}

/**
 * Waits until the machine's CPUs are busy less than `share` of the time for `quietSeconds` in a
 * row, or `limitMs` passed (a bulk load leaves PostgreSQL vacuuming and indexing for a while);
 * answers how long it waited. Off Linux it waits for nothing.
 */
export async function machineQuiet(
  share = 0.2,
  quietSeconds = 2,
  limitMs = 120_000,
): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  try {
    let last = machineCpu();
    while (quiet < quietSeconds && Date.now() - started < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = machineCpu();
      const busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
      quiet = busy < share ? quiet + 1 : 0;
      last = now;
    }
  } catch {
    return 0;
  }
  return Date.now() - started;
}

export type Kind = 'api' | 'worker' | 'ferretdb' | 'postgres' | 'redis' | 'bench' | 'other';
function kindOf(pid: number, command: string): Kind {
  if (pid === process.pid) return 'bench';
  if (command.includes('dist/main.js')) return 'api';
  if (command.includes('dist/worker.js')) return 'worker';
  // PostgreSQL's backends name their database (ferretdb) in their command line.
  if (command.startsWith('postgres')) return 'postgres';
  if (command.includes('ferretdb')) return 'ferretdb';
  if (command.includes('redis-server')) return 'redis';
  return 'other';
}

/** A reading per process of this process and all its descendants, summed per kind. */
function sumByKind(read: (pid: number, stat: string[]) => number): Record<Kind, number> {
  const parents = new Map<number, number>();
  const values = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      values.set(pid, read(pid, fields));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = pid; at > 1; at = parents.get(at) ?? 0) if (at === process.pid) return true;
    return false;
  };
  const totals: Record<Kind, number> = {
    api: 0,
    worker: 0,
    ferretdb: 0,
    postgres: 0,
    redis: 0,
    bench: 0,
    other: 0,
  };
  for (const [pid, value] of values) {
    if (!ours(pid)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    totals[kindOf(pid, command)] += value;
  }
  return totals;
}

/** CPU seconds per kind over this process and all its descendants. */
export function cpuByKind(): Record<Kind, number> {
  return sumByKind((_pid, stat) => (Number(stat[11]) + Number(stat[12])) / TICKS_PER_SECOND);
}

/**
 * Write system calls per kind so far (`syscw` of /proc/<pid>/io): each message a process sends
 * (a request, a reply, a query) is one or more. Unlike CPU time, the count per operation hardly
 * varies from run to run, so it shows a change of a few percent in round trips that the CPU
 * figures' noise hides.
 */
export function writeCallsByKind(): Record<Kind, number> {
  return sumByKind((pid) => {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/^syscw: (\d+)$/m.exec(io)?.[1] ?? 0);
  });
}

/** Each kind's CPU seconds between two readings, divided by `per`. */
function perKind(
  before: Record<Kind, number>,
  after: Record<Kind, number>,
  per: number,
): Record<Kind, number> {
  const shares = { ...after };
  for (const kind of Object.keys(after) as Kind[])
    shares[kind] = (after[kind] - before[kind]) / per;
  return shares;
}

/**
 * Per operation of each kind, and in all, over `operations` between readings, times `scale`
 * (1000: CPU seconds as milliseconds).
 */
export function perOperation(
  before: Record<Kind, number>,
  after: Record<Kind, number>,
  operations: number,
  scale = 1000,
): Record<string, number> {
  const shares = perKind(before, after, operations / scale);
  const total = Object.values(shares).reduce((sum, each) => sum + each, 0);
  return {
    ...Object.fromEntries(Object.entries(shares).map(([kind, each]) => [kind, round(each, 2)])),
    total: round(total, 2),
  };
}

/** Cores busy per kind between two readings `seconds` apart. */
export function coresBusy(
  before: Record<Kind, number>,
  after: Record<Kind, number>,
  seconds: number,
): Record<Kind, number> {
  const busy = perKind(before, after, seconds);
  for (const kind of Object.keys(busy) as Kind[]) busy[kind] = round(busy[kind], 2);
  return busy;
}

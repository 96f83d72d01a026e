import { EventEmitter } from 'node:events';
import { Supervisor } from '../../../infra/supervisor';

/** Timings small enough for a unit test: probes every 10 ms, restarts after 100 ms unready. */
const FAST = { probeEveryMs: 10, unreadyForMs: 100, firstDelayMs: 40, maxDelayMs: 80 };

class FakeChild extends EventEmitter {
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;

  exit(signal: NodeJS.Signals | null, code: number | null = null): void {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.signalCode = signal;
    this.exitCode = code;
    this.emit('exit', code, signal);
  }
}

/**
 * A pretend process (Supervisor<FakeProcess> checks it is a Supervised); `startAgain` makes its
 * next generation, which the log of events records.
 */
class FakeProcess {
  readonly child = new FakeChild();
  healthy = true;

  constructor(
    readonly name: string,
    private readonly events: string[],
    private readonly startOutcomes: boolean[] = [],
    readonly generation = 1,
  ) {}

  ready = async () => this.healthy;

  stop = async () => {
    this.events.push(`stop ${this.name}#${this.generation}`);
    this.child.exit('SIGTERM');
  };

  startAgain = async (): Promise<FakeProcess> => {
    this.events.push(`start ${this.name}#${this.generation + 1}`);
    if (this.startOutcomes.shift() === false) throw new Error('port in use');
    return new FakeProcess(this.name, this.events, this.startOutcomes, this.generation + 1);
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(what: string, condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(5);
  }
}

describe('Supervisor', () => {
  let supervisor: Supervisor<FakeProcess> | undefined;
  let events: string[];
  let lines: string[];
  const log = (line: string) => lines.push(line);

  beforeEach(() => {
    events = [];
    lines = [];
  });
  afterEach(async () => {
    await supervisor?.stop();
    supervisor = undefined;
  });

  it('starts a process that exits again, in one log line saying what, why and how long it was down', async () => {
    const store = new FakeProcess('ferretdb', events);
    supervisor = new Supervisor([store], { ...FAST, needs: {}, log });
    store.child.exit('SIGKILL');
    await until('the restart line', () => lines.length > 0);
    expect(events).toEqual(['stop ferretdb#1', 'start ferretdb#2']);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Restarted ferretdb: it was killed by SIGKILL; it was down \d+\.\d s\.$/,
      ),
    ]);
  });

  it('restarts a process not ready for the grace period, but not one whose needs are down', async () => {
    const postgres = new FakeProcess('postgres', events);
    const store = new FakeProcess('ferretdb', events);
    supervisor = new Supervisor([postgres, store], {
      ...FAST,
      needs: { ferretdb: ['postgres'] },
      log,
    });
    // PostgreSQL wedged: FerretDB cannot be ready either, and only PostgreSQL is restarted.
    postgres.healthy = false;
    store.healthy = false;
    await until('the restart of postgres', () => lines.length > 0);
    expect(events).toEqual(['stop postgres#1', 'start postgres#2']);
    expect(lines[0]).toMatch(/^Restarted postgres: not ready for 0\.\d s; it was down 0\.\d s\.$/);

    // With PostgreSQL ready again, FerretDB's own unreadiness counts.
    await until('the restart of ferretdb', () => lines.length > 1);
    expect(events.slice(2)).toEqual(['stop ferretdb#1', 'start ferretdb#2']);
    expect(lines[1]).toMatch(/^Restarted ferretdb: not ready for/);
  });

  it('waits for what a process needs before starting it again', async () => {
    const postgres = new FakeProcess('postgres', events);
    const store = new FakeProcess('ferretdb', events);
    supervisor = new Supervisor([postgres, store], {
      ...FAST,
      unreadyForMs: 10_000,
      needs: { ferretdb: ['postgres'] },
      log,
    });
    postgres.healthy = false;
    await sleep(50);
    store.child.exit('SIGKILL');
    await sleep(200);
    expect(events).toEqual(['stop ferretdb#1']);
    postgres.healthy = true;
    await until('the restart of ferretdb', () => lines.length > 0);
    expect(events).toEqual(['stop ferretdb#1', 'start ferretdb#2']);
  });

  it('waits longer before each further start that fails, up to the cap', async () => {
    const api = new FakeProcess('api', events, [false, false, false, false]);
    supervisor = new Supervisor([api], { ...FAST, needs: {}, log });
    const exitedAt = Date.now();
    api.child.exit(null, 1);
    await until('the fifth start', () => lines.some((line) => line.startsWith('Restarted')));
    for (const line of lines.slice(0, 4)) {
      expect(line).toBe('api did not start again (port in use); trying again.');
    }
    expect(lines[4]).toMatch(/^Restarted api: it exited with code 1; it was down 0\.\d s\.$/);
    // No delay, then 40, 80, 80 (capped) and 80 ms: at least 280 ms in all.
    expect(Date.now() - exitedAt).toBeGreaterThanOrEqual(280);
    expect(events.filter((event) => event.startsWith('start'))).toHaveLength(5);
  });

  it('answers the process running under a name, whether it is up, and how often it restarted', async () => {
    const worker = new FakeProcess('worker', events);
    const api = new FakeProcess('api 1', events, [false]);
    supervisor = new Supervisor([worker, api], { ...FAST, needs: {}, log });
    expect(supervisor.current('api 1')).toBe(api);
    expect(supervisor.isUp('api 1')).toBe(true);

    api.child.exit('SIGKILL');
    expect(supervisor.isUp('api 1')).toBe(false);
    await until('the restart of api 1', () => lines.some((line) => line.startsWith('Restarted')));
    expect(supervisor.isUp('api 1')).toBe(true);
    expect(supervisor.current('api 1')).not.toBe(api);
    expect(supervisor.current('api 1').generation).toBe(2);
    // A start that failed is not a restart.
    expect(supervisor.restartCounts()).toEqual({ worker: 0, 'api 1': 1 });
    expect(() => supervisor!.current('api 2')).toThrow('No process named api 2 is supervised.');
  });

  it('on stop, stops each process after those that need it, and restarts nothing', async () => {
    const redis = new FakeProcess('redis', events);
    const postgres = new FakeProcess('postgres', events);
    const store = new FakeProcess('ferretdb', events);
    const api = new FakeProcess('api', events);
    const worker = new FakeProcess('worker', events);
    const needs = {
      ferretdb: ['postgres'],
      api: ['ferretdb', 'redis'],
      worker: ['ferretdb', 'redis'],
    };
    const stopping = new Supervisor([redis, postgres, store, api, worker], { ...FAST, needs, log });
    await stopping.stop();
    const order = (name: string) => events.indexOf(`stop ${name}#1`);
    expect(events).toHaveLength(5);
    expect(order('api')).toBeLessThan(order('ferretdb'));
    expect(order('worker')).toBeLessThan(order('ferretdb'));
    expect(order('worker')).toBeLessThan(order('redis'));
    expect(order('ferretdb')).toBeLessThan(order('postgres'));
    await sleep(100);
    expect(lines).toEqual([]);
  });
});

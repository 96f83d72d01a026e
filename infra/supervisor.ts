import { withTimeout } from '../backend/src/common/with-timeout';

/** A process the supervisor keeps running (a Service of infra/storage/processes.ts fits). */
export interface Supervised {
  name: string;
  child: {
    exitCode: number | null;
    signalCode: NodeJS.Signals | null;
    once(event: 'exit', listener: () => void): unknown;
  };
  stop(): Promise<void>;
  ready(): Promise<boolean>;
  /** Another one like it (a Service's answers a Service), so a caller keeps its own type. */
  startAgain(): Promise<this>;
}

export interface SupervisorOptions {
  /** Which processes each one needs, by name: it is started after them and stopped before. */
  needs: Record<string, string[]>;
  log: (line: string) => void;
  /** How often each process is asked whether it is ready. */
  probeEveryMs?: number;
  /** A process not ready this long, while what it needs is, is restarted. */
  unreadyForMs?: number;
  /** The delay before the second restart in a row; it doubles with each further one. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Ready this long after a restart, a process starts again from no delay. */
  steadyMs?: number;
}

const DEFAULTS = {
  probeEveryMs: 1000,
  unreadyForMs: 15_000,
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
  steadyMs: 60_000,
};

/** A probe that has not answered by then counts as not ready. */
const PROBE_DEADLINE_MS = 5000;

interface Unit<P extends Supervised> {
  name: string;
  needs: string[];
  process: P;
  /** Set while it is being stopped and started again. */
  restarting?: Promise<void>;
  ready: boolean;
  probing: boolean;
  /** Since when it has not been ready while what it needs was. */
  unreadySince?: number;
  /** Restarts since it was last steady, for the backoff. */
  restarts: number;
  /** Restarts since supervision began. */
  restartsInAll: number;
  upSince: number;
}

function exitReason(child: Supervised['child']): string {
  return child.signalCode
    ? `it was killed by ${child.signalCode}`
    : `it exited with code ${child.exitCode}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Keeps processes running: one that exits, or that stays not ready for `unreadyForMs` while the
 * processes it needs are ready, is stopped and started again, after those it needs are ready,
 * with a delay that doubles from the second restart in a row (capped). Each restart is one log
 * line: which process, why, and how long it was down.
 */
export class Supervisor<P extends Supervised = Supervised> {
  private readonly units: Unit<P>[];
  private readonly settings: typeof DEFAULTS;
  private readonly stopping = new AbortController();
  private readonly timer: NodeJS.Timeout;

  /** `processes` run and are ready when given, in start order. */
  constructor(
    processes: P[],
    private readonly options: SupervisorOptions,
  ) {
    this.settings = { ...DEFAULTS, ...options };
    const present = new Set(processes.map((process) => process.name));
    this.units = processes.map((process) => ({
      name: process.name,
      needs: (options.needs[process.name] ?? []).filter((name) => present.has(name)),
      process,
      ready: true,
      probing: false,
      restarts: 0,
      restartsInAll: 0,
      upSince: Date.now(),
    }));
    for (const unit of this.units) this.watch(unit);
    this.timer = setInterval(() => this.probeAll(), this.settings.probeEveryMs);
  }

  /**
   * Stops supervising, then stops every process once those that need it have stopped (a restart
   * under way ends at its next step, or once the start in progress has finished); resolves when
   * all are gone.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.timer);
    const stopped = new Map<string, Promise<void>>();
    const stopUnit = (unit: Unit<P>): Promise<void> => {
      let done = stopped.get(unit.name);
      if (!done) {
        const dependents = this.units.filter((other) => other.needs.includes(unit.name));
        done = (async () => {
          await Promise.all(dependents.map(stopUnit));
          await unit.restarting;
          await unit.process.stop();
        })();
        stopped.set(unit.name, done);
      }
      return done;
    };
    await Promise.all(this.units.map(stopUnit));
  }

  /** The process supervised as `name` now (after a restart, the new one). */
  current(name: string): P {
    return this.unit(name).process;
  }

  /** Whether `name` is not being restarted and was ready when last asked. */
  isUp(name: string): boolean {
    const unit = this.unit(name);
    return !unit.restarting && unit.ready;
  }

  /** How many times each process was started again, by name. */
  restartCounts(): Record<string, number> {
    return Object.fromEntries(this.units.map((unit) => [unit.name, unit.restartsInAll]));
  }

  private unit(name: string): Unit<P> {
    const unit = this.units.find((each) => each.name === name);
    if (!unit) throw new Error(`No process named ${name} is supervised.`);
    return unit;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private watch(unit: Unit<P>): void {
    const { child } = unit.process;
    const onExit = () => {
      if (this.stopped || unit.restarting || unit.process.child !== child) return;
      this.restart(unit, exitReason(child), Date.now());
    };
    if (child.exitCode !== null || child.signalCode !== null) onExit();
    else child.once('exit', onExit);
  }

  private probeAll(): void {
    for (const unit of this.units) {
      if (unit.restarting || unit.probing) continue;
      unit.probing = true;
      void withTimeout(unit.process.ready(), PROBE_DEADLINE_MS)
        .catch(() => false)
        .then((ready) => {
          unit.probing = false;
          if (!unit.restarting) this.judge(unit, ready);
        });
    }
  }

  private judge(unit: Unit<P>, ready: boolean): void {
    const now = Date.now();
    unit.ready = ready;
    if (ready) {
      unit.unreadySince = undefined;
      if (now - unit.upSince >= this.settings.steadyMs) unit.restarts = 0;
      return;
    }
    // Not ready because what it needs is not: restarting it would not help.
    if (!this.needsReady(unit)) {
      unit.unreadySince = undefined;
      return;
    }
    unit.unreadySince ??= now;
    const unready = now - unit.unreadySince;
    if (unready >= this.settings.unreadyForMs && !this.stopped) {
      this.restart(unit, `not ready for ${seconds(unready)}`, unit.unreadySince);
    }
  }

  private needsReady(unit: Unit<P>): boolean {
    return unit.needs.every((name) => this.isUp(name));
  }

  private restart(unit: Unit<P>, why: string, downSince: number): void {
    unit.ready = false;
    // Marked as restarting before anything stops it, so its exit is not taken for a crash.
    unit.restarting = Promise.resolve()
      .then(() => this.startAgain(unit, why, downSince))
      .finally(() => {
        unit.restarting = undefined;
      });
  }

  private async startAgain(unit: Unit<P>, why: string, downSince: number): Promise<void> {
    await unit.process.stop();
    for (;;) {
      await this.pause(this.delay(unit.restarts));
      unit.restarts += 1;
      while (!this.stopped && !this.needsReady(unit)) await this.pause(this.settings.probeEveryMs);
      if (this.stopped) return;
      try {
        unit.process = await unit.process.startAgain();
        break;
      } catch (error) {
        this.options.log(
          `${unit.name} did not start again (${(error as Error).message.split('\n')[0]}); trying again.`,
        );
      }
    }
    if (this.stopped) return;
    Object.assign(unit, { ready: true, unreadySince: undefined, upSince: Date.now() });
    unit.restartsInAll += 1;
    this.watch(unit);
    this.options.log(
      `Restarted ${unit.name}: ${why}; it was down ${seconds(Date.now() - downSince)}.`,
    );
  }

  private delay(restarts: number): number {
    if (restarts === 0) return 0;
    return Math.min(this.settings.firstDelayMs * 2 ** (restarts - 1), this.settings.maxDelayMs);
  }

  /** Waits `ms`, or less once stop() is called. */
  private pause(ms: number): Promise<void> {
    if (this.stopped || ms === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.stopping.signal.addEventListener('abort', done);
    });
  }
}

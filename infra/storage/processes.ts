import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** A child process we started and must stop when we stop. */
export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A long-running process that can say whether it does its job and be started again as it was:
 * what `make run`'s supervisor (infra/supervisor.ts) watches.
 */
export interface Service extends Managed {
  /** Whether it does its job now (a query, a read, a PING); false after a few seconds at most. */
  ready(): Promise<boolean>;
  /** Starts another one with the same options; resolves once it answers. */
  startAgain(): Promise<Service>;
}

/** Thrown for problems a person must fix; the message is one sentence, printed without a stack. */
export class SetupError extends Error {}

export async function freePort(): Promise<number> {
  // The kernel may offer a port it just offered, before whoever took it listens there: two of a
  // caller's servers then collide (seen in CI: the API was given FerretDB's port).
  for (;;) {
    const port = await unusedPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** The ports freePort gave this process. */
const handedOut = new Set<number>();

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it resolves true, or fails with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 30_000,
  exited?: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exitReason = exited?.();
    if (exitReason) throw new SetupError(`${what} did not start: ${exitReason}`);
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new SetupError(`${what} did not answer within ${timeoutMs / 1000} s.`);
}

/** Waits until a child started by startManaged answers `probe`; stops it if it never does. */
export async function answeringOrStopped(
  managed: Managed,
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  try {
    await waitUntil(what, probe, timeoutMs, () => exitReason(managed.child));
  } catch (error) {
    await managed.stop();
    throw error;
  }
}

/**
 * Starts a long-running child whose output is prefixed with its name. Storage children pass
 * `detached: true`: in a process group of their own, a terminal's Ctrl-C reaches only us, and we
 * stop the API and worker before the database they are still writing to.
 */
export function startManaged(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & {
    /** No output; with 'errors', only the lines of errors. */
    quiet?: boolean | 'errors';
    stopSignal?: NodeJS.Signals;
    stopGraceMs?: number;
  } = {},
): Managed {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const relay = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    if (!stream) return;
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!options.quiet || (options.quiet === 'errors' && ERROR_LINE.test(line))) {
          out.write(`[${name}] ${line}\n`);
        }
      }
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return {
    name,
    child,
    stop: () => stopChild(child, options.stopGraceMs, options.stopSignal),
  };
}

/** A line of an error: Nest's `ERROR` level, or pino's JSON at level error (50) or fatal (60). */
const ERROR_LINE = / ERROR |"level":(50|60)\b/;

/** `signal` (SIGTERM), then SIGKILL after `graceMs`; resolves once the child is gone. */
export function stopChild(
  child: ChildProcess,
  graceMs = 10_000,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve();
    });
    child.kill(signal);
  });
}

/** Describes why a child has exited, or undefined while it runs. */
export function exitReason(child: ChildProcess): string | undefined {
  if (child.exitCode !== null) return `it exited with code ${child.exitCode}`;
  if (child.signalCode !== null) return `it was killed by ${child.signalCode}`;
  return undefined;
}

export function which(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    probe.on('exit', (code) => resolve(code === 0));
    probe.on('error', () => resolve(false));
  });
}

/** Runs a command to completion, failing with its output when it fails. */
export function runToEnd(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // 'close', not 'exit': output can still be on its way when the child has exited.
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`)),
    );
  });
}

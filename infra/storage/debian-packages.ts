import { SetupError, runToEnd, which } from './processes';

/**
 * Installs Debian's `pkg` with apt-get, when we are root and apt-get is there (CI, a fresh
 * container). Answers why not otherwise, or what failed; undefined once it is installed.
 */
export async function installDebianPackage(
  pkg: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  if (process.getuid?.() !== 0 || !(await which('apt-get'))) {
    return `installing Debian package ${pkg} takes root and apt-get`;
  }
  log(`Installing ${pkg} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await runToEnd('apt-get', ['update', '-qq'], { env });
    await runToEnd('apt-get', ['install', '-y', '-qq', pkg], { env });
    return undefined;
  } catch (error) {
    return `installing Debian package ${pkg} failed: ${(error as Error).message}`;
  }
}

/**
 * Makes sure `command` is on the PATH, installing Debian's `pkg` when it is missing; a
 * SetupError saying `missing` (what a person must do) when it cannot be had.
 */
export async function ensureCommand(
  command: string,
  pkg: string,
  missing: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  if (await which(command)) return;
  const failed = await installDebianPackage(pkg, log);
  if (failed) throw new SetupError(`${missing} (${failed}.)`);
}

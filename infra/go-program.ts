import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './storage/paths';
import { SetupError, runToEnd, which } from './storage/processes';

/** What to do when Go is missing, for a program whose go.mod names `version`. */
export function installGo(version: string): string {
  return `install Go ${version} or newer (Debian: apt-get install golang, or https://go.dev/dl)`;
}

export interface GoProgram {
  /** Its folder under infra/, with its go.mod. */
  folder: string;
  /** The binary's name in .tools/bin. */
  binary: string;
  /** Printed before a build, e.g. "Building X (first run only, about a minute)…". */
  building: string;
  /** The sentence that says Go is missing and what to do. */
  goMissing: string;
}

function mtime(path: string): number {
  return statSync(path).mtimeMs;
}

function isFresh(binary: string, sourceDir: string): boolean {
  if (!existsSync(binary)) return false;
  const built = mtime(binary);
  return readdirSync(sourceDir)
    .filter((file) => file.endsWith('.go') || file === 'go.mod' || file === 'go.sum')
    .every((file) => mtime(join(sourceDir, file)) <= built);
}

/**
 * Builds one of our Go programs into .tools/bin unless the binary is newer than its sources. Its
 * modules come from the Go module proxy on the first build, never at run time.
 */
export async function buildGoProgram(
  program: GoProgram,
  log: (line: string) => void = console.log,
): Promise<string> {
  const sourceDir = join(repoRoot, 'infra', program.folder);
  const binary = join(repoRoot, '.tools', 'bin', program.binary);
  if (isFresh(binary, sourceDir)) return binary;
  if (!(await which('go'))) {
    throw new SetupError(program.goMissing);
  }
  log(program.building);
  mkdirSync(join(repoRoot, '.tools', 'bin'), { recursive: true });
  await runToEnd('go', ['build', '-o', binary, '.'], { cwd: sourceDir });
  return binary;
}

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { installDebianPackage } from './debian-packages';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** Debian's PostgreSQL server binaries of one major version. */
export interface PostgresBinaries {
  major: number;
  bin: string;
}

function installed(): PostgresBinaries[] {
  if (!existsSync(DEBIAN_ROOT)) return [];
  return readdirSync(DEBIAN_ROOT)
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => ({ major: Number(entry), bin: join(DEBIAN_ROOT, entry, 'bin') }))
    .filter(({ bin }) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'postgres')))
    .sort((a, b) => b.major - a.major);
}

/** The binaries of `major` when installed, else the highest major installed. */
function pick(major?: number): PostgresBinaries | undefined {
  const all = installed();
  return all.find((binaries) => binaries.major === major) ?? all[0];
}

/**
 * Finds Debian's PostgreSQL server binaries, preferring `major` (an existing cluster's). When
 * none are installed and we are root, installs Debian's `postgresql` package. Answers why not
 * when no PostgreSQL can be had.
 */
export async function findPostgres(
  major: number | undefined,
  log: (line: string) => void,
): Promise<PostgresBinaries | string> {
  const found = pick(major);
  if (found) return found;
  const failed = await installDebianPackage('postgresql', log);
  if (failed) return `no PostgreSQL server binaries in ${DEBIAN_ROOT}, and ${failed}`;
  return pick(major) ?? `no PostgreSQL server binaries in ${DEBIAN_ROOT} after installing them`;
}

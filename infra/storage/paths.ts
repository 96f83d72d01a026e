import { isAbsolute, relative, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');

/** A path as messages show it: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

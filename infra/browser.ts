import { existsSync } from 'node:fs';
import { installDebianPackage } from './storage/debian-packages';
import { SetupError } from './storage/processes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium drives the browser tests; Playwright never downloads a browser here. */
export async function ensureChromium(log: (line: string) => void = console.log): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const failed = await installDebianPackage('chromium', log);
  if (failed) {
    throw new SetupError(
      `Chromium is missing at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH (${failed}).`,
    );
  }
  return CHROMIUM_PATH;
}

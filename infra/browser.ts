import { existsSync } from 'node:fs';
import { SetupError, runToEnd, which } from './storage/processes';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium drives the browser tests; Playwright never downloads a browser here. */
export async function ensureChromium(log: (line: string) => void = console.log): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0 || !(await which('apt-get'))) {
    throw new SetupError(
      `Chromium is missing at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  log('Installing Chromium from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runToEnd('apt-get', ['update', '-qq'], { env });
  await runToEnd('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  return CHROMIUM_PATH;
}

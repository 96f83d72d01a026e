import { defineConfig } from '@playwright/test';

/** Browser e2e in Debian's Chromium; `make test-e2e` starts the app and sets E2E_BASE_URL. */
export default defineConfig({
  testDir: 'e2e',
  reporter: 'list',
  workers: 1,
  // A flow with screenshots in both themes took over 30 s on a busy 2-core machine.
  timeout: 60_000,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

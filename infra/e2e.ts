/**
 * The browser end-to-end suite: throwaway storage, a local stand-in for Google's OAuth2 server,
 * a mail catcher, the built API and worker on a free port, then Playwright in Debian's Chromium
 * against it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startGoogleMock, type GoogleMock } from './google-mock';
import { appEnv, seedDatabase, startAppProcesses, type AppProcesses } from './app-processes';
import { ensureChromium } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { SetupError, startTestStorage, type Storage } from './storage';
import { freePort } from './storage/processes';
import { repoRoot } from './storage/paths';

/** Who the mock Google says signs in; e2e/auth.spec.ts reads the name from E2E_GOOGLE_NAME. */
const googleUser = {
  sub: 'e2e-google-user',
  name: 'Gina Google',
  email: 'gina.google@example.com',
  email_verified: true,
};

function runPlaywright(baseUrl: string, chromium: string, mailUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      cwd: join(repoRoot, 'frontend'),
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        CHROMIUM_PATH: chromium,
        E2E_GOOGLE_NAME: googleUser.name,
        // The inbox of the mail the app sent (e2e/mail.ts reads it).
        E2E_MAIL_URL: mailUrl,
      },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  let storage: Storage | undefined;
  let app: AppProcesses | undefined;
  let google: GoogleMock | undefined;
  let mail: MailCatcher | undefined;
  try {
    const chromium = await ensureChromium();
    storage = await startTestStorage();
    google = await startGoogleMock(googleUser);
    mail = await startMailCatcher();
    const port = await freePort();
    const env = appEnv(storage, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The suite signs up many users from one address; the limits have tests of their own.
      RATE_LIMIT_AUTH: '1000',
      // ...and review from it with new accounts: a burst of reviews takes 12 of 1–2 stars or 5
      // on one service within the hour, which only e2e/review-bursts.spec.ts writes (the specs'
      // API reviews are 3 stars, e2e/people.ts).
      BURST_MIN_REVIEWS: '12',
      // e2e/outage.spec.ts stalls a data route (backend/src/common/test-hooks/stalled-reads.ts).
      TEST_HOOKS: 'on',
      // e2e/webhooks.spec.ts receives webhooks on 127.0.0.1 (refused without this switch).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      // Google's callback URL is built from it, so it must name the port the app listens on.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...google.env,
      SMTP_URL: mail.smtpUrl,
    });
    await seedDatabase(env);
    app = await startAppProcesses(env, { port });
    return await runPlaywright(app.baseUrl, chromium, mail.inboxUrl);
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    return 1;
  } finally {
    await app?.stop();
    await google?.stop();
    await mail?.stop();
    await storage?.stop();
  }
}

void main().then((code) => process.exit(code));

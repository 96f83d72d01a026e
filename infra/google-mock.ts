import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { stopChild } from './storage/processes';

export interface GoogleMock {
  url: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts the mock Google server; `env` configures the app to use it. */
export function startGoogleMock(profile: Record<string, unknown>): Promise<GoogleMock> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(__dirname, 'google-mock-server.mjs'), JSON.stringify(profile)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`google mock exited with ${code}`)));
    child.stdout?.once('data', (chunk: Buffer) => {
      const { url } = JSON.parse(chunk.toString()) as { url: string };
      resolve({
        url,
        env: {
          GOOGLE_CLIENT_ID: 'test-client',
          GOOGLE_CLIENT_SECRET: 'test-secret',
          GOOGLE_AUTH_URL: `${url}/authorize`,
          GOOGLE_TOKEN_URL: `${url}/token`,
          GOOGLE_USERINFO_URL: `${url}/userinfo`,
        },
        stop: () => stopChild(child),
      });
    });
  });
}

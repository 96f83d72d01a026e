import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SetupError } from './storage/processes';
import { displayPath } from './storage/paths';

/** The secrets `make run` makes on its first start and reuses afterwards. */
export interface DevSecrets {
  JWT_SECRET: string;
  ADMIN_PASSWORD: string;
}

function random(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function isSecrets(value: unknown): value is DevSecrets {
  const secrets = value as Partial<DevSecrets> | null;
  return (
    typeof secrets?.JWT_SECRET === 'string' &&
    secrets.JWT_SECRET.length >= 32 &&
    typeof secrets.ADMIN_PASSWORD === 'string' &&
    secrets.ADMIN_PASSWORD.length >= 8
  );
}

function read(file: string): DevSecrets {
  const problem = `${displayPath(file)} is not what make run wrote (JSON with JWT_SECRET of 32+ and ADMIN_PASSWORD of 8+ characters): fix it, or delete it to get new secrets`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new SetupError(`${problem}.`);
  }
  if (!isSecrets(parsed)) throw new SetupError(`${problem}.`);
  // Only its owner may read it, even if someone loosened that.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return parsed;
}

/** Reads `file`, or creates it (mode 600) with a random JWT secret and admin password. */
export function loadOrCreateSecrets(file: string): DevSecrets {
  if (existsSync(file)) return read(file);
  const secrets: DevSecrets = { JWT_SECRET: random(48), ADMIN_PASSWORD: random(18) };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}

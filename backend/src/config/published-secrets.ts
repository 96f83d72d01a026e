/** The development default: signs tokens when JWT_SECRET is unset outside production. */
export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-do-not-use-in-production!';

/**
 * JWT secrets written in this repository or its history (the development default, the compose
 * file's former default). Anyone can read them, so anyone could sign an admin token with them:
 * production refuses them.
 */
export const PUBLISHED_JWT_SECRETS: readonly string[] = [
  DEVELOPMENT_JWT_SECRET,
  'change-this-secret-before-going-live-0123456789',
  'benchmark-only-secret-benchmark-only-secret',
];

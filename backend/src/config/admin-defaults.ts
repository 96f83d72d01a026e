/** The seeded admin when ADMIN_EMAIL / ADMIN_PASSWORD are not set (`make run` prints them). */
export const DEFAULT_ADMIN_EMAIL = 'admin@servicecritic.local';
/** Used only outside production; production creates no admin without ADMIN_PASSWORD. */
export const DEV_ADMIN_PASSWORD = 'change-me-admin-2026';

import type { AppConfig } from '../config/app-config';
import { hashPassword } from '../auth/passwords';
import type { UsersService } from '../users/users.service';
import { DEV_ADMIN_PASSWORD } from '../config/admin-defaults';

/**
 * Makes sure the configured admin exists (idempotent: an existing account keeps its password and
 * is made an admin). In production nothing is created without ADMIN_PASSWORD.
 */
export async function seedAdmin(users: UsersService, config: AppConfig): Promise<string> {
  const { email } = config.seedAdmin;
  const password =
    config.seedAdmin.password ?? (config.env === 'production' ? undefined : DEV_ADMIN_PASSWORD);
  if (await users.findByEmail(email)) {
    await users.grantAdmin(email);
    return `Admin ${email} already exists.`;
  }
  if (!password) return 'No admin created: set ADMIN_EMAIL and ADMIN_PASSWORD to create one.';
  await users.create({
    email,
    displayName: 'Service Critic Admin',
    passwordHash: await hashPassword(password),
    emailVerified: true,
  });
  await users.grantAdmin(email);
  return `Created admin ${email}.`;
}

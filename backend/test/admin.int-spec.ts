import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { UsersService } from '../src/users/users.service';
import { DEV_ADMIN_PASSWORD } from '../src/config/admin-defaults';
import { seedAdmin } from '../src/seed/seed-admin';
import { useTestApp } from './support/test-app';
import { registerUser, uniqueEmail } from './support/auth-helpers';

const grantCli = join(__dirname, '..', 'dist', 'users', 'admin-grant.cli.js');

describe('admins', () => {
  const testApp = useTestApp();

  async function loginIsAdmin(email: string, password: string): Promise<boolean> {
    const response = await testApp
      .http()
      .post('/api/auth/login')
      .send({ email, password })
      .expect(200);
    return response.body.user.isAdmin;
  }

  it('`npm run admin:grant -- <email>` makes a registered user an admin', async () => {
    const user = await registerUser(testApp);
    expect(await loginIsAdmin(user.email, user.password)).toBe(false);

    const result = spawnSync(process.execPath, [grantCli, user.email], {
      encoding: 'utf8',
      env: process.env,
    });
    expect(result.stdout.trim()).toBe(`${user.email} is now an admin.`);
    expect(result.status).toBe(0);
    expect(await loginIsAdmin(user.email, user.password)).toBe(true);
  });

  it('admin:grant fails clearly for an unknown e-mail', () => {
    const email = uniqueEmail('ghost');
    const result = spawnSync(process.execPath, [grantCli, email], {
      encoding: 'utf8',
      env: process.env,
    });
    expect(result.stdout.trim()).toBe(`No user has the e-mail ${email}; they must register first.`);
    expect(result.status).toBe(1);
  });

  it('the seeded admin is created once, from configuration, and can log in', async () => {
    const config = {
      ...testApp.config,
      seedAdmin: { email: uniqueEmail('admin'), password: undefined },
    };
    const users = testApp.app.get(UsersService);
    expect(await seedAdmin(users, config)).toBe(`Created admin ${config.seedAdmin.email}.`);
    expect(await seedAdmin(users, config)).toBe(`Admin ${config.seedAdmin.email} already exists.`);
    expect(await loginIsAdmin(config.seedAdmin.email, DEV_ADMIN_PASSWORD)).toBe(true);
  });

  it('in production no admin is created without ADMIN_PASSWORD', async () => {
    const config = {
      ...testApp.config,
      env: 'production' as const,
      seedAdmin: { email: uniqueEmail('admin'), password: undefined },
    };
    expect(await seedAdmin(testApp.app.get(UsersService), config)).toMatch(/^No admin created/);
  });
});

/** `npm run seed`: the seed services, blogs and admin; safe to run any number of times. */
import { runCli } from '../cli/cli-context';
import { seedAdmin } from './seed-admin';
import { UsersModule } from '../users/users.module';
import { UsersService } from '../users/users.service';
import { ContentSeeder } from './content-seeder';
import { SeedModule } from './seed.module';

runCli([UsersModule, SeedModule], async (context, config) => {
  const added = await context.get(ContentSeeder).seed();
  const admin = await seedAdmin(context.get(UsersService), config);
  return `Seed: ${added.services} services and ${added.blogs} blogs added. ${admin}`;
});

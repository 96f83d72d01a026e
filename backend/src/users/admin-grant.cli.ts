/** `npm run admin:grant -- <email>`: makes an existing user an admin. */
import { runCli } from '../cli/cli-context';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

runCli([UsersModule], async (context) => {
  const email = process.argv[2];
  if (!email) throw new Error('Usage: npm run admin:grant -- <email>');
  const granted = await context.get(UsersService).grantAdmin(email);
  if (!granted) {
    process.exitCode = 1;
    return `No user has the e-mail ${email}; they must register first.`;
  }
  return `${email} is now an admin.`;
});

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountsController } from './accounts.controller';
import { AttemptLimit } from './attempt-limit';
import { EmailVerificationModule } from './email-verification.module';
import { PasswordChange } from './password-change';
import { PasswordReset } from './password-reset';

@Module({
  imports: [AuthModule, EmailVerificationModule, MailModule, UsersModule],
  controllers: [AccountsController, AccountSessionsController],
  providers: [PasswordReset, PasswordChange, AttemptLimit],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AccountsController } from './accounts.controller';
import { AttemptLimit } from './attempt-limit';
import { EmailVerificationModule } from './email-verification.module';
import { PasswordReset } from './password-reset';

@Module({
  imports: [AuthModule, EmailVerificationModule, MailModule, UsersModule],
  controllers: [AccountsController],
  providers: [PasswordReset, AttemptLimit],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AccountToken, AccountTokenSchema } from './account-token.schema';
import { AccountTokensRepository } from './account-tokens.repository';
import { EmailVerification } from './email-verification';

/** Verification links and the account tokens behind every mailed link (reset too). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: AccountToken.name, schema: AccountTokenSchema }]),
    MailModule,
    UsersModule,
  ],
  providers: [AccountTokensRepository, EmailVerification],
  exports: [AccountTokensRepository, EmailVerification],
})
export class EmailVerificationModule {}

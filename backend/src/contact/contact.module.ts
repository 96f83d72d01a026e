import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AttemptLimit } from '../common/rate-limit/attempt-limit';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { ContactInbox } from './contact-inbox';
import { ContactMessage, ContactMessageSchema } from './contact-message.schema';
import { ContactMessages } from './contact-messages.repository';
import { ContactController } from './contact.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ContactMessage.name, schema: ContactMessageSchema }]),
    MailModule,
    NotificationsModule,
    UsersModule,
  ],
  controllers: [ContactController],
  providers: [ContactInbox, ContactMessages, AttemptLimit],
})
export class ContactModule {}

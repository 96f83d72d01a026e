import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AttemptLimit } from '../common/rate-limit/attempt-limit';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { ContactService } from './contact.service';
import { ContactMessage, ContactMessageSchema } from './contact-message.schema';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactController } from './contact.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ContactMessage.name, schema: ContactMessageSchema }]),
    MailModule,
    NotificationsModule,
    UsersModule,
  ],
  controllers: [ContactController],
  providers: [ContactService, ContactMessagesRepository, AttemptLimit],
})
export class ContactModule {}

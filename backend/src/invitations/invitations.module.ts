import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MailModule } from '../mail/mail.module';
import { EventsModule } from '../events/events.module';
import { ServicesModule } from '../services/services.module';
import { CustomerInvitation, CustomerInvitationSchema } from './invitation.schema';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CustomerInvitation.name, schema: CustomerInvitationSchema },
    ]),
    MailModule,
    EventsModule,
    ServicesModule,
  ],
  controllers: [InvitationsController],
  providers: [InvitationsService, InvitationsRepository],
  exports: [InvitationsService],
})
export class InvitationsModule {}

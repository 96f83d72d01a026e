import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MailModule } from '../mail/mail.module';
import { EventsModule } from '../events/events.module';
import { ServicesModule } from '../services/services.module';
import { ServiceClaim, ServiceClaimSchema } from './service-claim.schema';
import { ClaimDecisionsController, ServiceClaimsController } from './service-claims.controller';
import { ServiceClaimsRepository } from './service-claims.repository';
import { ServiceClaims } from './service-claims.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ServiceClaim.name, schema: ServiceClaimSchema }]),
    MailModule,
    EventsModule,
    ServicesModule,
  ],
  controllers: [ServiceClaimsController, ClaimDecisionsController],
  providers: [ServiceClaims, ServiceClaimsRepository],
})
export class ServiceClaimsModule {}

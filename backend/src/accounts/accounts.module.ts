import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { ReportsModule } from '../reports/reports.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { EventsModule } from '../events/events.module';
import { AccountDataController } from './account-data.controller';
import { AccountDeletion } from './account-deletion';
import { AccountExport } from './account-export';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountsController } from './accounts.controller';
import { AttemptLimit } from '../common/rate-limit/attempt-limit';
import { EmailVerificationModule } from '../auth/email-verification.module';
import { PasswordChange } from './password-change';
import { PasswordReset } from './password-reset';
import { photoBody } from './photos/photo-body';
import { ProfilePhoto, ProfilePhotoSchema } from './photos/photo.schema';
import { PhotosController } from './photos/photos.controller';
import { ProfilePhotosService } from './photos/profile-photos.service';
import { ProfilePhotosRepository } from './photos/profile-photos.repository';

@Module({
  imports: [
    AuthModule,
    EmailVerificationModule,
    MailModule,
    UsersModule,
    ReviewsModule,
    ReportsModule,
    NotificationsModule,
    EventsModule,
    MongooseModule.forFeature([{ name: ProfilePhoto.name, schema: ProfilePhotoSchema }]),
  ],
  controllers: [
    AccountsController,
    AccountSessionsController,
    AccountDataController,
    PhotosController,
  ],
  providers: [
    PasswordReset,
    PasswordChange,
    AttemptLimit,
    ProfilePhotosRepository,
    ProfilePhotosService,
    AccountExport,
    AccountDeletion,
  ],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(photoBody()).forRoutes({ path: 'account/photo', method: RequestMethod.PUT });
  }
}

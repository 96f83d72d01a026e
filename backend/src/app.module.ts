import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { HealthModule } from './health/health.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { ServicesModule } from './services/services.module';
import { ReviewsModule } from './reviews/reviews.module';
import { BlogsModule } from './blogs/blogs.module';
import { AdminModule } from './admin/admin.module';
import { ReportsModule } from './reports/reports.module';
import { AppealsModule } from './appeals/appeals.module';
import { RepliesModule } from './replies/replies.module';
import { TransparencyModule } from './transparency/transparency.module';
import { NotificationsModule } from './notifications/notifications.module';
import { EventsModule } from './events/events.module';
import { AccountsModule } from './accounts/accounts.module';
import { ProfilesModule } from './profiles/profiles.module';
import { ContactModule } from './contact/contact.module';
import { InvitationsModule } from './invitations/invitations.module';
import { ServiceClaimsModule } from './service-claims/service-claims.module';
import { CrawlersModule } from './crawlers/crawlers.module';
import { ReviewFeedModule } from './review-feed/review-feed.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { InsightsModule } from './insights/insights.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config, 'api'),
        HealthModule,
        AuthModule,
        UsersModule,
        ServicesModule,
        ReviewsModule,
        BlogsModule,
        AdminModule,
        ReportsModule,
        AppealsModule,
        RepliesModule,
        TransparencyModule,
        NotificationsModule,
        EventsModule,
        AccountsModule,
        ProfilesModule,
        ContactModule,
        InvitationsModule,
        ServiceClaimsModule,
        CrawlersModule,
        ReviewFeedModule,
        WebhooksModule,
        InsightsModule,
      ],
    };
  }
}

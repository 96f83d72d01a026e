import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { Response } from 'express';
import type { AppConfig } from './config/app-config';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { HealthModule } from './health/health.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { ServicesModule } from './services/services.module';
import { ReviewsModule } from './reviews/reviews.module';
import { BlogsModule } from './blogs/blogs.module';
import { AdminModule } from './admin/admin.module';
import { NotificationsModule } from './notifications/notifications.module';
import { EventsModule } from './events/events.module';
import { HASHED_ASSET_CACHE } from './spa/precompressed-assets';

/** Serves the built SPA with history fallback; index.html is revalidated, hashed assets cached. */
function spaModule(spaDir: string): DynamicModule[] {
  if (!existsSync(join(spaDir, 'index.html'))) return [];
  return [
    ServeStaticModule.forRoot({
      rootPath: spaDir,
      exclude: ['/api/{*path}'],
      serveStaticOptions: {
        setHeaders: (res: Response, path: string) => {
          const hashedAsset = path.includes(`${join(spaDir, 'assets')}`);
          res.setHeader('Cache-Control', hashedAsset ? HASHED_ASSET_CACHE : 'no-cache');
        },
      },
    }),
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config),
        HealthModule,
        AuthModule,
        UsersModule,
        ServicesModule,
        ReviewsModule,
        BlogsModule,
        AdminModule,
        NotificationsModule,
        EventsModule,
        ...spaModule(config.spaDir),
      ],
    };
  }
}

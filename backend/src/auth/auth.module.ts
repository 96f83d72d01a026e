import { API_TOKEN_AUDIENCE, jwtKey } from './access-tokens';
import { Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from './access.guard';
import { ApiToken, ApiTokenSchema } from './api-tokens/api-token.schema';
import { ApiTokenGate } from './api-tokens/api-token-gate';
import { ApiTokensController } from './api-tokens/api-tokens.controller';
import { ApiTokensRepository } from './api-tokens/api-tokens.repository';
import { ApiTokensService } from './api-tokens/api-tokens.service';
import { AdminStatusController } from './admin-status.controller';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { GoogleStrategy } from './google.strategy';
import { JwtStrategy } from './jwt.strategy';
import { LoginLockout } from './login-lockout';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { EmailVerificationModule } from './email-verification.module';
import { Login, LoginSchema } from './login.schema';
import {
  RefreshToken,
  RefreshTokenSchema,
  RevokedFamily,
  RevokedFamilySchema,
} from './session.schema';

/** The Google strategy exists only when its credentials are configured. */
const googleStrategy: Provider = {
  provide: GoogleStrategy,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => (config.google ? new GoogleStrategy(config) : null),
};

@Module({
  imports: [
    UsersModule,
    EventsModule,
    EmailVerificationModule,
    PassportModule,
    MongooseModule.forFeature([
      { name: RefreshToken.name, schema: RefreshTokenSchema },
      { name: RevokedFamily.name, schema: RevokedFamilySchema },
      { name: Login.name, schema: LoginSchema },
      { name: ApiToken.name, schema: ApiTokenSchema },
    ]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config.auth.jwtSecret),
        signOptions: {
          algorithm: 'HS256',
          audience: API_TOKEN_AUDIENCE,
          expiresIn: config.auth.accessTokenTtlSeconds,
        },
        verifyOptions: { algorithms: ['HS256'], audience: API_TOKEN_AUDIENCE },
      }),
    }),
  ],
  controllers: [AuthController, AdminStatusController, ApiTokensController],
  providers: [
    AuthService,
    SessionsService,
    SessionsRepository,
    LoginLockout,
    JwtStrategy,
    googleStrategy,
    ApiTokensService,
    ApiTokensRepository,
    ApiTokenGate,
    // Every route of the app passes it: it enforces the route's @Access level.
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionsService, LoginLockout, ApiTokensService],
})
export class AuthModule {}

import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';

/**
 * Runs the Google redirect flow. A failed callback does not throw: the controller sends the
 * browser back to the login page instead of showing it JSON.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (!this.config.google) {
      throw new ApiError(
        404,
        'Google sign-in is not configured on this server.',
        'GOOGLE_NOT_CONFIGURED',
      );
    }
    return super.canActivate(context);
  }

  override handleRequest<T>(_error: unknown, user: T | false): T | undefined {
    return user || undefined;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile, type StrategyOptions } from 'passport-google-oauth20';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { ExternalProfile } from '../users/users.service';
import { CookieStateStore } from './oauth-state-store';
import type { StateStore } from 'passport-oauth2';

export function toExternalProfile(profile: Profile): ExternalProfile | undefined {
  const email = profile.emails?.[0]?.value;
  if (!email) return undefined;
  const json = profile._json as { email_verified?: boolean | string };
  return {
    provider: 'google',
    subject: profile.id,
    email,
    emailVerified: json.email_verified === true || json.email_verified === 'true',
    displayName: profile.displayName ?? '',
    photoURL: profile.photos?.[0]?.value ?? '',
  };
}

/** Google sign-in; its URLs are configurable so tests run the real flow against a local server. */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const google = config.google;
    if (!google) throw new Error('GoogleStrategy needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    const options: StrategyOptions = {
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      callbackURL: `${config.publicUrl}/api/auth/google/callback`,
      authorizationURL: google.authorizationUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      scope: ['openid', 'email', 'profile'],
      // passport-oauth2 picks store/verify signatures by arity at run time; the typings cannot.
      store: new CookieStateStore(config.publicUrl.startsWith('https://')) as unknown as StateStore,
    };
    super(options);
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): ExternalProfile | false {
    return toExternalProfile(profile) ?? false;
  }
}

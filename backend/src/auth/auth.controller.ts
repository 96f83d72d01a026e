import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
  applyDecorators,
  type Type,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError, type ApiErrorBody } from '../common/api-error';
import { AUTH_RATE_LIMIT, RateLimit, WRITE_RATE_LIMIT } from '../common/rate-limit/rate-limit';
import { NotInClient } from '../common/api-responses';
import { SameOriginGuard } from '../common/same-origin';
import { PublicUserDto } from '../users/public-user';
import type { ExternalProfile } from '../users/users.service';
import { AuthService, type SignedIn } from './auth.service';
import type { AuthUser } from './auth-user';
import { CurrentUser } from './current-user.decorator';
import {
  AuthResultDto,
  LoginDto,
  LogoutResultDto,
  ProvidersDto,
  RegisterDto,
  RegisterResultDto,
  UpdateProfileDto,
} from './dto/auth.dto';
import { GoogleAuthGuard } from './google-auth.guard';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { Access } from './access';
import type { LoginClient } from './sessions.service';

/**
 * A route the browser calls with the refresh cookie alone: only this site's own pages may (the
 * Origin check stands in for CSRF tokens), and it answers 200 with `answer`.
 */
function CookieRoute(operation: { operationId: string; summary: string }, answer: Type<unknown>) {
  return applyDecorators(
    HttpCode(200),
    UseGuards(SameOriginGuard),
    ApiOperation(operation),
    ApiOkResponse({ type: answer }),
    ApiForbiddenResponse({ description: "Not sent by this site's own pages (Origin)" }),
  );
}

/** The device and address a login starts from, for the user's list of sessions. */
function loginClientOf(req: Request): LoginClient {
  return { device: req.get('user-agent') ?? '', ip: req.ip ?? '' };
}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private answer(res: Response, signedIn: SignedIn): AuthResultDto {
    setRefreshCookie(res, this.config, signedIn.refresh);
    return { accessToken: signedIn.accessToken, user: signedIn.user };
  }

  @Post('register')
  @Access('public')
  @RateLimit(AUTH_RATE_LIMIT)
  @ApiOperation({ operationId: 'register', summary: 'Creates an account and signs it in' })
  @ApiCreatedResponse({ type: RegisterResultDto })
  @ApiBadRequestResponse({ description: 'Invalid name, e-mail or password' })
  @ApiConflictResponse({ description: 'The e-mail is taken' })
  async register(
    @Body() dto: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RegisterResultDto> {
    const signedIn = await this.auth.register(dto, loginClientOf(req));
    return { acknowledged: true, insertedId: signedIn.user.uid, ...this.answer(res, signedIn) };
  }

  @Post('auth/login')
  @Access('public')
  @HttpCode(200)
  @RateLimit(AUTH_RATE_LIMIT)
  @ApiOperation({ operationId: 'login', summary: 'Signs in with e-mail and password' })
  @ApiOkResponse({ type: AuthResultDto })
  @ApiUnauthorizedResponse({ description: 'Invalid e-mail or password' })
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto> {
    return this.answer(res, await this.auth.login(dto, loginClientOf(req)));
  }

  @Post('auth/refresh')
  @Access('public')
  @CookieRoute(
    {
      operationId: 'refreshSession',
      summary: 'Exchanges the refresh cookie for a new access token (and a new cookie)',
    },
    AuthResultDto,
  )
  @ApiUnauthorizedResponse({ description: 'No session, or it ended' })
  async refresh(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto> {
    const token = readRefreshCookie(req);
    if (!token) throw new ApiError(401, 'You are not logged in.', 'UNAUTHENTICATED');
    try {
      return this.answer(res, await this.auth.refresh(token));
    } catch (error) {
      clearRefreshCookie(res, this.config);
      throw error;
    }
  }

  @Post('auth/logout')
  @Access('public')
  @CookieRoute(
    { operationId: 'logout', summary: 'Ends the session of the refresh cookie' },
    LogoutResultDto,
  )
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LogoutResultDto> {
    await this.auth.logout(readRefreshCookie(req));
    clearRefreshCookie(res, this.config);
    return { success: true };
  }

  @Get('auth/me')
  @Access('signed-in')
  @ApiOperation({ operationId: 'getMe', summary: 'The signed-in user' })
  @ApiOkResponse({ type: PublicUserDto })
  me(@CurrentUser() user: AuthUser): Promise<PublicUserDto> {
    return this.auth.me(user.id);
  }

  @Patch('auth/me')
  @Access('signed-in')
  @RateLimit(WRITE_RATE_LIMIT)
  @ApiOperation({ operationId: 'updateMe', summary: 'Changes display name and photo URL' })
  @ApiOkResponse({ type: AuthResultDto })
  async updateMe(
    @CurrentUser() user: AuthUser,
    @Body() dto: UpdateProfileDto,
  ): Promise<AuthResultDto> {
    const { accessToken, ...updated } = await this.auth.updateProfile(user, dto);
    return { accessToken, user: updated };
  }

  @Get('auth/providers')
  @Access('public')
  @ApiOperation({
    operationId: 'getAuthProviders',
    summary: 'Which sign-in providers are configured',
  })
  @ApiOkResponse({ type: ProvidersDto })
  providers(): ProvidersDto {
    return { google: Boolean(this.config.google) };
  }

  @Get('auth/google')
  @Access('public')
  @NotInClient()
  @UseGuards(GoogleAuthGuard)
  @ApiOperation({ operationId: 'startGoogleSignIn', summary: 'Redirects to Google sign-in' })
  @ApiFoundResponse({ description: 'Redirect to Google' })
  startGoogle(): void {
    // GoogleAuthGuard answers with the redirect.
  }

  @Get('auth/google/callback')
  @Access('public')
  @NotInClient()
  @UseGuards(GoogleAuthGuard)
  @ApiOperation({
    operationId: 'finishGoogleSignIn',
    summary: 'Google returns here; sets the session cookie and redirects to the SPA',
  })
  @ApiFoundResponse({
    description: 'Redirect to /?login=google (signed in) or /login?error=<code>',
  })
  async finishGoogle(
    @Req() req: Request & { user?: ExternalProfile },
    @Res() res: Response,
  ): Promise<void> {
    if (!req.user) return res.redirect(302, '/login?error=google');
    try {
      const signedIn = await this.auth.signInWithProfile(req.user, loginClientOf(req));
      setRefreshCookie(res, this.config, signedIn.refresh);
      res.redirect(302, '/?login=google');
    } catch (error) {
      // Only a stable code travels in the URL: the SPA words it, so a crafted link shows no text of its own.
      const code =
        error instanceof ApiError ? (error.getResponse() as ApiErrorBody).code : 'google';
      res.redirect(302, `/login?error=${encodeURIComponent(code)}`);
    }
  }
}

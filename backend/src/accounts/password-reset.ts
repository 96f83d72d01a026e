import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { hashPassword } from '../auth/passwords';
import { LoginLockout } from '../auth/login-lockout';
import { SessionsService } from '../auth/sessions.service';
import { MailSender } from '../mail/mail-sender';
import { UsersService, normaliseEmail } from '../users/users.service';
import { AccountTokensRepository } from '../auth/account-tokens.repository';
import { AttemptLimit } from '../common/rate-limit/attempt-limit';

/** A reset link works once, for 30 minutes. */
export const RESET_TTL_MS = 30 * 60_000;
/** Reset e-mails asked for one address per hour. */
export const RESETS_PER_ADDRESS_PER_HOUR = 5;

export const RESET_REQUESTED =
  'If an account uses this e-mail address, we have sent it a link to choose a new password.';

/** "Forgot Password?": a single-use link by e-mail, then a new password that ends every login. */
@Injectable()
export class PasswordReset {
  private readonly logger = new Logger(PasswordReset.name);

  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly mail: MailSender,
    private readonly attempts: AttemptLimit,
    private readonly lockout: LoginLockout,
  ) {}

  /**
   * Mails a link when the address has an account. The answer is the same either way, and is
   * given before the link is made and mailed, so its timing tells nothing either.
   */
  async request(email: string): Promise<void> {
    const address = normaliseEmail(email);
    await this.attempts.count('password-reset', address, RESETS_PER_ADDRESS_PER_HOUR, 3600);
    const user = await this.users.findByEmail(address);
    if (!user) return;
    void (async () => {
      const token = await this.tokens.issue('password-reset', user._id.toString(), RESET_TTL_MS);
      await this.mail.send(user.email, {
        subject: 'Choose a new password',
        paragraphs: [
          `Hello ${user.displayName},`,
          'Someone asked to reset the password of your Service Critic account. If it was you, choose a new password with the link below.',
        ],
        link: { path: `/reset-password?token=${token}`, label: 'Choose a new password' },
        footer:
          'This link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      });
    })().catch((error: Error) =>
      this.logger.error(`no reset link for ${user.email}: ${error.message}`),
    );
  }

  /** Sets the new password, ends every login of the account and any lock of its logins. */
  async reset(token: string, password: string): Promise<void> {
    const userId = await this.tokens.consume('password-reset', token);
    if (!userId) {
      throw new ApiError(
        400,
        'This reset link is invalid, used or expired; please ask for a new one.',
        'RESET_LINK_INVALID',
      );
    }
    await this.users.setPasswordViaEmail(userId, await hashPassword(password));
    await this.sessions.revokeAllOf(userId);
    const user = await this.users.findById(userId);
    if (user) await this.lockout.clear(user.email);
  }
}

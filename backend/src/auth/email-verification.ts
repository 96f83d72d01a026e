import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { MailSender } from '../mail/mail-sender';
import { UsersService } from '../users/users.service';
import { AccountTokensRepository } from './account-tokens.repository';

/** A verification link works for a day. */
export const VERIFICATION_TTL_MS = 24 * 3_600_000;

interface Recipient {
  _id: { toString(): string };
  email: string;
  displayName: string;
  emailVerified?: boolean;
}

/** Proves that an address belongs to its account: a single-use link mailed to it. */
@Injectable()
export class EmailVerification {
  private readonly logger = new Logger(EmailVerification.name);

  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly users: UsersService,
    private readonly mail: MailSender,
  ) {}

  /** Mails a new link unless the address is verified; the caller does not wait for it. */
  sendLink(user: Recipient): void {
    if (user.emailVerified) return;
    this.mailLink(user).catch((error: Error) =>
      this.logger.error(`no verification link for ${user.email}: ${error.message}`),
    );
  }

  /** "Send again" on the account page. */
  async resend(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new ApiError(401, 'This account no longer exists.', 'SESSION_ENDED');
    if (user.emailVerified) {
      throw new ApiError(409, 'Your e-mail address is already verified.', 'ALREADY_VERIFIED');
    }
    await this.mailLink(user);
  }

  private async mailLink(user: Recipient): Promise<void> {
    const token = await this.tokens.issue(
      'email-verification',
      user._id.toString(),
      VERIFICATION_TTL_MS,
    );
    await this.mail.send(user.email, {
      subject: 'Confirm your e-mail address',
      paragraphs: [
        `Hello ${user.displayName},`,
        'Please confirm that this is your e-mail address for Service Critic.',
      ],
      link: { path: `/verify-email?token=${token}`, label: 'Confirm my e-mail address' },
      footer: 'This link works once, for 24 hours. If you did not sign up, ignore this e-mail.',
    });
  }

  /** Opens a link: the account's e-mail becomes verified. */
  async confirm(token: string): Promise<void> {
    const userId = await this.tokens.consume('email-verification', token);
    if (!userId) {
      throw new ApiError(
        400,
        'This confirmation link is invalid, used or expired; ask for a new one on your account page.',
        'VERIFICATION_LINK_INVALID',
      );
    }
    await this.users.markEmailVerified(userId);
  }
}

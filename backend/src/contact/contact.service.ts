import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { AttemptLimit } from '../common/rate-limit/attempt-limit';
import { MailSender } from '../mail/mail-sender';
import { NotificationsService } from '../notifications/notifications.service';
import { AdminRecipients } from '../notifications/admin-recipients';
import { UsersService } from '../users/users.service';
import { ContactMessagesRepository } from './contact-messages.repository';
import { contactSpamReasons } from './contact-spam';
import type { ContactMessageDto } from './contact.dto';

export const MESSAGES_PER_HOUR_PER_IP = 5;
export const MESSAGES_PER_HOUR_PER_EMAIL = 3;
const PREVIEW_LENGTH = 300;

/**
 * The contact form: every message is kept; one that passes the spam rules reaches the admins
 * (in-app, and by e-mail when mail is on). Its sender gets a confirmation only when signed in
 * with the verified address they gave: the form would otherwise mail the text anyone typed (their
 * "name") to any address.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly notifications: NotificationsService,
    private readonly admins: AdminRecipients,
    private readonly users: UsersService,
    private readonly mail: MailSender,
    private readonly attempts: AttemptLimit,
  ) {}

  async receive(dto: ContactMessageDto, ip: string, caller?: AuthUser): Promise<string> {
    const email = dto.email.toLowerCase();
    await this.attempts.count(
      'contact-ip',
      ip,
      MESSAGES_PER_HOUR_PER_IP,
      3600,
      'Too many messages from your network',
    );
    await this.attempts.count(
      'contact-email',
      email,
      MESSAGES_PER_HOUR_PER_EMAIL,
      3600,
      'Too many messages from this e-mail address',
    );
    const spamReasons = contactSpamReasons(dto.name, dto.message);
    const id = await this.messages.add({ ...dto, email, ip, spamReasons });
    // Spam is kept but goes no further: the answer is the same, so it teaches a sender nothing.
    if (spamReasons.length === 0) {
      await this.notifyAdmins(id, { ...dto, email });
      if (await this.ownsVerified(caller, email)) this.confirmToSender(dto.name, email);
    }
    return `Thank you, ${dto.name}: your message was sent. We will answer at ${email}.`;
  }

  private async notifyAdmins(id: string, dto: ContactMessageDto): Promise<void> {
    const preview =
      dto.message.length > PREVIEW_LENGTH
        ? `${dto.message.slice(0, PREVIEW_LENGTH)}…`
        : dto.message;
    const planned = (await this.admins.ids()).map((userId) => ({
      id: `contact:${id}:${userId}`,
      userId,
      kind: 'contact.message' as const,
      text: `Message from ${dto.name} (${dto.email}): ${preview}`,
      link: '/contacts',
    }));
    await this.notifications.deliver(planned);
  }

  private async ownsVerified(caller: AuthUser | undefined, email: string): Promise<boolean> {
    if (!caller) return false;
    const user = await this.users.findById(caller.id);
    return user?.emailVerified === true && user.email === email;
  }

  private confirmToSender(name: string, email: string): void {
    if (!this.mail.enabled) return;
    this.mail.sendInBackground(email, {
      subject: 'We received your message',
      paragraphs: [
        `Hello ${name},`,
        'Thank you for writing to Service Critic. We read every message and will answer you at this address.',
      ],
      link: { path: '/contacts', label: 'Our contact details' },
    });
  }
}

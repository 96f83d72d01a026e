import { Injectable } from '@nestjs/common';
import { MailSender } from '../mail/mail-sender';

/** Sends notification e-mails (text and HTML, through the mail module) when SMTP_URL is set. */
@Injectable()
export class Mailer {
  constructor(private readonly mail: MailSender) {}

  get enabled(): boolean {
    return this.mail.enabled;
  }

  send(to: string, subject: string, text: string, link: string): Promise<void> {
    return this.mail.send(to, { subject, paragraphs: [text], link: { path: link, label: 'Open' } });
  }
}

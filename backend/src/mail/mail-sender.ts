import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { renderMail, type MailContent } from './mail-message';

/** Sends account e-mails (plain text and HTML) through SMTP_URL; without it, sends nothing. */
@Injectable()
export class MailSender {
  private readonly logger = new Logger(MailSender.name);
  private readonly transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) this.transport = nodemailer.createTransport(config.mail.smtpUrl);
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  async send(to: string, content: MailContent): Promise<void> {
    if (!this.transport) {
      this.logger.warn(`SMTP_URL is not set: "${content.subject}" to ${to} was not sent`);
      return;
    }
    const { subject, text, html } = renderMail(content, this.config.publicUrl);
    await this.transport.sendMail({ from: this.config.mail.from, to, subject, text, html });
    this.logger.log(`mailed "${subject}" to ${to}`);
  }

  /**
   * Sends without making the caller wait: the answer must not tell, by its timing, whether a
   * message went out (password reset), and a slow mail server must not slow the request.
   */
  sendInBackground(to: string, content: MailContent): void {
    this.send(to, content).catch((error: Error) =>
      this.logger.error(`mailing "${content.subject}" to ${to} failed: ${error.message}`),
    );
  }
}

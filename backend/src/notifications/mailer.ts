import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** Sends notification e-mails when SMTP_URL is set; otherwise does nothing. */
@Injectable()
export class Mailer {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) this.transport = nodemailer.createTransport(config.mail.smtpUrl);
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  async send(to: string, subject: string, text: string, link: string): Promise<void> {
    if (!this.transport) return;
    const url = `${this.config.publicUrl}${link}`;
    await this.transport.sendMail({
      from: this.config.mail.from,
      to,
      subject,
      text: `${text}\n\n${url}\n`,
    });
    this.logger.log(`mailed "${subject}" to ${to}`);
  }
}

import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../infra/mail-catcher';

export type { CaughtMail, MailCatcher };

/** A real SMTP server in the test process; point the app's SMTP_URL at `catcher.smtpUrl`. */
export function startTestMail(): Promise<MailCatcher> {
  return startMailCatcher();
}

/** The token of the first link in a message to `path` (e.g. `/reset-password`). */
export function linkToken(mail: CaughtMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in "${mail.subject}": ${mail.text}`);
  return match[1];
}

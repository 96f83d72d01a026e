import { expect } from '@playwright/test';

/** A message the app sent, as the suite's mail catcher (infra/mail-catcher.ts) keeps it. */
interface CaughtMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
}

const inbox = process.env.E2E_MAIL_URL ?? 'http://127.0.0.1:1080/';

/** Waits for the message to `to` with `subject`, and answers it. */
export async function mailTo(to: string, subject: string): Promise<CaughtMail> {
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${inbox}messages`)).json()) as CaughtMail[];
        mail = messages.find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
        return mail;
      },
      { message: `an e-mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return mail!;
}

/** Waits for the message to `to` with `subject`, and answers the first link in it to `path`. */
export async function linkFromMail(to: string, subject: string, path: string): Promise<string> {
  const mail = await mailTo(to, subject);
  const link = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${path} link in "${subject}" to ${to}: ${mail.text}`);
  return link;
}

import { expect } from '@playwright/test';

/** A message the app sent, as the suite's mail catcher (infra/mail-catcher.ts) keeps it. */
interface CaughtMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
}

const inbox = process.env.E2E_MAIL_URL ?? 'http://127.0.0.1:1080/';

/** Waits for the message to `to` with `subject`, and answers the first link in it to `path`. */
export async function linkFromMail(to: string, subject: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${inbox}messages`)).json()) as CaughtMail[];
        const mail = messages.find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
        link = mail && new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(mail.text)?.[0];
        return link;
      },
      { message: `an e-mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

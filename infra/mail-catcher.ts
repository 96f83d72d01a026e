/**
 * A local mail catcher: an SMTP server that keeps what it receives in memory, and a small web
 * inbox showing it (HTML page at `/`, JSON at `/messages`). `make run` starts one when SMTP_URL is
 * unset; the integration tests and the browser suite read the messages they expect from it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** For the app's SMTP_URL. */
  smtpUrl: string;
  /** The web inbox (HTML at `/`, JSON at `/messages`). */
  inboxUrl: string;
  messages(): CaughtMail[];
  /** Resolves with the first message to `to` (with `subject`) received after message `since`. */
  waitFor(
    to: string,
    options?: { since?: number; subject?: string; timeoutMs?: number },
  ): Promise<CaughtMail>;
  /** The id of the latest message (0 when none): pass it as `since` to wait for newer ones. */
  lastId(): number;
  stop(): Promise<void>;
}

const KEPT_MESSAGES = 500;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Escaped text whose web addresses are links (the reset and verification links, to click). */
function linkedText(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function inboxPage(messages: CaughtMail[]): string {
  const rows = messages
    .slice()
    .reverse()
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to.join(', '))}` +
        ` · ${escapeHtml(mail.receivedAt)}</p><pre>${linkedText(mail.text)}</pre></article>`,
    )
    .join('\n');
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>Service Critic mail</title>' +
    '<style>body{font-family:sans-serif;max-width:60rem;margin:auto}article{border-bottom:1px solid #ccc}' +
    'pre{white-space:pre-wrap}</style></head><body><h1>Mail caught in development</h1>' +
    (rows || '<p>No messages yet.</p>') +
    '</body></html>'
  );
}

function listen(
  server: { listen: (port: number, host: string, done: () => void) => unknown },
  port: number,
): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** Starts the catcher on 127.0.0.1; port 0 (the default) picks free ports. */
export async function startMailCatcher(
  ports: { smtp?: number; web?: number } = {},
): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          if (messages.length > KEPT_MESSAGES) messages.shift();
          for (const wake of waiters) wake();
          done();
        })
        .catch((error: Error) => done(error));
    },
  });
  await listen(smtp, ports.smtp ?? 0);
  smtp.on('error', () => undefined);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((req, res) => {
    if (req.url === '/messages') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(messages));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(inboxPage(messages));
    }
  });
  await listen(web, ports.web ?? 0);
  const webPort = (web.address() as AddressInfo).port;

  const find = (to: string, since: number, subject?: string) =>
    messages.find(
      (mail) =>
        mail.id > since &&
        mail.to.includes(to.toLowerCase()) &&
        (subject === undefined || mail.subject === subject),
    );

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${webPort}/`,
    messages: () => messages.slice(),
    lastId: () => messages.at(-1)?.id ?? 0,
    waitFor(to, { since = 0, subject, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, since, subject);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

import { escapeHtml } from '../common/escape-html';

/** A short message with one link: what every account e-mail is. */
export interface MailContent {
  subject: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  /** The action's link: a path on PUBLIC_URL, and the words of its button. */
  link: { path: string; label: string };
  /** A line after the link (e.g. "This link works for 30 minutes."). */
  footer?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The plain-text part and a simple HTML part of a message; links are absolute on `publicUrl`. */
export function renderMail(content: MailContent, publicUrl: string): RenderedMail {
  const url = `${publicUrl}${content.link.path}`;
  const footer = content.footer ? [content.footer] : [];
  const text = [
    ...content.paragraphs,
    `${content.link.label}: ${url}`,
    ...footer,
    '— Service Critic',
  ]
    .join('\n\n')
    .concat('\n');
  const paragraphs = content.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`);
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(content.link.label)}</a></p>`,
    ...footer.map((line) => `<p style="color:#555">${escapeHtml(line)}</p>`),
    '<p>— Service Critic</p></body></html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}

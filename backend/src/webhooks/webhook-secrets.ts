import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpoint } from './webhook-endpoint.schema';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets that sign now: the current one, and a rotated one until its overlap ends. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  now: Date,
): string[] {
  const overlapping =
    endpoint.previousSecret &&
    endpoint.previousSecretUntil &&
    endpoint.previousSecretUntil.getTime() > now.getTime();
  return overlapping ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

/**
 * The three Standard Webhooks headers of a message: `webhook-signature` holds one `v1,`
 * signature per secret, separated by spaces (a receiver accepts the message if one verifies).
 */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: string[],
  at: Date,
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

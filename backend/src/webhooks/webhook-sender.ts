import http from 'node:http';
import https from 'node:https';
import { checkedAddresses, checkedLookup } from './receiver-address';

/** What one try got: the receiver's status (null: no answer), how long it took, any error. */
export interface TryOutcome {
  statusCode: number | null;
  durationMs: number;
  error?: string;
}

export interface SendOptions {
  allowLoopback: boolean;
  timeoutMs: number;
}

/** Up to this much of a receiver's answer is read (and dropped). */
const ANSWER_BYTES_READ = 64 * 1024;

/**
 * POSTs a signed message once. The host is resolved and checked again here, and the agent's
 * lookup checks the address it connects to (DNS rebinding); redirects are not followed.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<TryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  try {
    await checkedAddresses(target.hostname.replace(/^\[(.*)\]$/, '$1'), options.allowLoopback);
    const statusCode = await post(target, body, headers, options);
    return { statusCode, durationMs: elapsed() };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: (error as Error).message };
  }
}

function post(
  target: URL,
  body: string,
  headers: Record<string, string>,
  { allowLoopback, timeoutMs }: SendOptions,
): Promise<number> {
  const request = target.protocol === 'https:' ? https.request : http.request;
  const late = () => new Error(`No answer within ${timeoutMs / 1000} s.`);
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const outgoing = request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'ServiceCritic-Webhooks/1',
        },
        lookup: checkedLookup(allowLoopback),
        agent: false,
      },
      (answer) => {
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES_READ) answer.destroy();
        });
        const settle = () => (timedOut ? reject(late()) : resolve(answer.statusCode ?? 0));
        answer.on('close', settle);
        answer.on('error', settle);
      },
    );
    // The whole try, a slow answer's body included, not only a silent socket.
    const deadline = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(late());
    }, timeoutMs);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

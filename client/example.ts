// SC_URL=https://reviews.example SC_TOKEN=sc_pat_… SC_SERVICE=<service id> npx tsx client/example.ts
import { Webhook } from 'standardwebhooks';
import { createServiceCriticClient } from '@service-critic/client';

const client = createServiceCriticClient({
  baseUrl: process.env.SC_URL ?? 'http://127.0.0.1:3000',
  token: process.env.SC_TOKEN, // a personal API token, created on /account
});

const { data, error } = await client.POST('/api/addreviews', {
  body: {
    service: process.env.SC_SERVICE ?? '',
    serviceID: 1,
    title: 'On time and well packed',
    details: 'The parcel came the next morning, as promised.',
    rating: 5,
  },
});
if (!data) throw new Error(error?.error); // every error carries a sentence and a `code`
console.log('review created:', data.insertedId);

/** A webhook delivery's raw body and headers (webhook-id, -timestamp, -signature), checked. */
export function verifyWebhook(body: string, headers: Record<string, string>): unknown {
  // Throws when the signature does not match the endpoint's secret (whsec_…) or is too old.
  return new Webhook(process.env.SC_WEBHOOK_SECRET ?? '').verify(body, headers);
}

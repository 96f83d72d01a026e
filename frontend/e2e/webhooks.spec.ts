import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './app';
import { addService, registerUser } from './people';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('an owner adds a webhook and sends a test event, which arrives signed and shows in the log', async ({
  page,
}) => {
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/service-critic`;

  try {
    const owner = await registerUser(page.request, 'Owner');
    const service = await addService(page.request, owner);
    await page.goto('/myservices');
    const card = page.getByRole('article', { name: service.title });
    await card.getByRole('button', { name: 'Manage webhooks' }).click();

    const form = card.getByRole('form', { name: 'Add a webhook' });
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
    await form.getByRole('checkbox', { name: /review\.replied/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    const webhook = card.getByRole('article', { name: url });
    await expect(webhook.getByText('On', { exact: true })).toBeVisible();
    await expect(webhook).toContainText('Events: review.created, review.replied.');
    await webhook.getByRole('button', { name: 'Send test event' }).click();

    const log = webhook.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText(
      'Delivered',
    );
    await expect(log).toContainText('HTTP 204');
    expect(received).toHaveLength(1);
    const [message] = received;
    const verified = new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { serviceId: service._id } });
    await page.reload();
    await page
      .getByRole('article', { name: service.title })
      .getByRole('button', { name: 'Manage webhooks' })
      .click();
    await expect(page.getByRole('article', { name: url })).toContainText(
      /Last delivery: received \(HTTP 204\)/,
    );
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

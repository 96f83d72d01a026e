import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, stubApi } from '../../../test/stubApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { WebhooksPanel } from './WebhooksPanel';

const serviceId = '665f1c2ab4d3e8a1f0c9d123';
const webhookId = '665f1c2ab4d3e8a1f0c9d456';
const base = `/api/services/${serviceId}/webhooks`;
const webhook = {
  _id: webhookId,
  serviceId,
  url: 'https://hooks.example.com/sc',
  events: ['review.created', 'review.replied'],
  enabled: true,
  failuresInARow: 0,
  lastTry: { at: '2026-11-30T10:00:00.000Z', statusCode: 200, ok: true },
  createdAt: '2026-11-29T10:00:00.000Z',
};
const delivery = {
  _id: 'msg_test_1',
  type: 'webhook.test',
  state: 'delivered',
  createdAt: '2026-11-30T10:00:00.000Z',
  tries: [{ at: '2026-11-30T10:00:01.000Z', statusCode: 204, durationMs: 12 }],
};

describe('Webhooks', () => {
  it('lists a webhook with its state, sends a test event and shows the log, with Resend', async () => {
    const calls = stubApi({
      [`GET ${base}`]: () => Response.json([webhook]),
      [`POST ${base}/${webhookId}/test`]: () =>
        Response.json({ ...delivery, state: 'pending', tries: [] }),
      [`GET ${base}/${webhookId}/deliveries`]: () => Response.json([delivery]),
      [`POST ${base}/${webhookId}/deliveries/msg_test_1/resend`]: () =>
        Response.json({ ...delivery, state: 'pending' }),
    });
    renderWithProviders(<WebhooksPanel serviceId={serviceId} />);

    const item = await screen.findByRole('article', { name: webhook.url });
    expect(within(item).getByText('On')).toBeVisible();
    expect(item).toHaveTextContent('Events: review.created, review.replied.');
    expect(item).toHaveTextContent(/Last delivery: received \(HTTP 200\)/);

    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    const log = await within(item).findByRole('table', { name: 'Delivery log' });
    expect(log).toHaveTextContent('webhook.test');
    expect(log).toHaveTextContent('Delivered');
    expect(log).toHaveTextContent(/HTTP 204 in 12 ms/);
    expect(callsTo(calls, `POST ${base}/${webhookId}/test`)).toHaveLength(1);

    await userEvent.click(within(log).getByRole('button', { name: 'Resend' }));
    expect(callsTo(calls, `POST ${base}/${webhookId}/deliveries/msg_test_1/resend`)).toHaveLength(
      1,
    );
  });

  it('adds a webhook for the events ticked, and shows its secret', async () => {
    const calls = stubApi({
      [`GET ${base}`]: () => Response.json([]),
      [`POST ${base}`]: () =>
        Response.json({ ...webhook, secret: 'whsec_c2VjcmV0' }, { status: 201 }),
    });
    renderWithProviders(<WebhooksPanel serviceId={serviceId} />);
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Webhook URL' }), webhook.url);
    await userEvent.click(within(form).getByRole('checkbox', { name: /review\.replied/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));

    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_c2VjcmV0',
    );
    expect(await callsTo(calls, `POST ${base}`)[0].json()).toEqual({
      url: webhook.url,
      events: ['review.created', 'review.replied'],
    });
  });

  it('shows the server’s sentence when it refuses a URL', async () => {
    stubApi({
      [`GET ${base}`]: () => Response.json([]),
      [`POST ${base}`]: apiError(
        400,
        'Webhooks may not be sent to 10.0.0.1: it resolves to 10.0.0.1, a private address.',
      ),
    });
    renderWithProviders(<WebhooksPanel serviceId={serviceId} />);
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Webhook URL' }),
      'https://10.0.0.1/',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/a private address\.$/)).toBeVisible();
  });

  it('shows a webhook turned off after failures', async () => {
    stubApi({
      [`GET ${base}`]: () =>
        Response.json([
          { ...webhook, enabled: false, disabledBecause: 'failures', failuresInARow: 15 },
        ]),
    });
    renderWithProviders(<WebhooksPanel serviceId={serviceId} />);
    const item = await screen.findByRole('article', { name: webhook.url });
    expect(within(item).getByText('Off: 15 failed deliveries in a row')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(within(item).getByRole('button', { name: 'Turn on' })).toBeVisible();
  });
});

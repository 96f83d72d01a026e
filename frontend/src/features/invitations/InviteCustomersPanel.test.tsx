import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, stubApi } from '../../test/stubApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { InviteCustomersPanel } from './InviteCustomersPanel';

const serviceId = '665f1c2ab4d3e8a1f0c9d123';
const route = `POST /api/services/${serviceId}/invitations`;
const created = (emailed: boolean) => () =>
  Response.json(
    {
      token: 'tok',
      url: 'http://127.0.0.1:3000/invitations/tok',
      expiresAt: '2026-12-31T00:00:00.000Z',
      emailed,
    },
    { status: 201 },
  );

describe('Invite customers', () => {
  it('creates a link to copy by hand', async () => {
    const calls = stubApi({ [route]: created(false) });
    const writeText = vi.fn(async () => undefined);
    renderWithProviders(<InviteCustomersPanel serviceId={serviceId} />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    expect(screen.getByRole('region', { name: 'Invite customers' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(await screen.findByText(/Copy this link and send it to your customer/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      'http://127.0.0.1:3000/invitations/tok',
    );
    expect(await callsTo(calls, route)[0].json()).toEqual({});

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:3000/invitations/tok');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
  });

  it('e-mails it to the address given', async () => {
    const calls = stubApi({ [route]: created(true) });
    renderWithProviders(<InviteCustomersPanel serviceId={serviceId} />);
    await userEvent.type(
      screen.getByRole('textbox', { name: "Customer's e-mail (optional)" }),
      'pat@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(await screen.findByText(/The invitation was e-mailed/)).toBeVisible();
    expect(await callsTo(calls, route)[0].json()).toEqual({ email: 'pat@example.com' });
  });

  it('shows the server’s sentence when it refuses', async () => {
    stubApi({
      [route]: apiError(403, 'Only the owner of this service can invite its customers.'),
    });
    renderWithProviders(<InviteCustomersPanel serviceId={serviceId} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(
      await screen.findByText('Only the owner of this service can invite its customers.'),
    ).toBeVisible();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiTokenDto } from '../../lib/api/client';
import { renderWithProviders } from '../../test/renderWithProviders';
import { callsTo, stubApi } from '../../test/stubApi';
import { Toaster } from '../../toasts/Toaster';
import { ApiTokensSection } from './ApiTokensSection';

const SECRET = 'sc_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const stored: ApiTokenDto = {
  id: 'a'.repeat(64),
  name: 'Nightly export',
  scopes: ['reviews:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  expired: false,
};

function renderSection(isAdmin = false) {
  return renderWithProviders(
    <>
      <ApiTokensSection isAdmin={isAdmin} />
      <Toaster />
    </>,
  );
}

describe('account: personal API tokens', () => {
  it('creates a token, shows its secret once with a copy button, then lists it without it', async () => {
    let tokens: ApiTokenDto[] = [];
    const calls = stubApi({
      'GET /api/tokens': () => Response.json(tokens),
      'POST /api/tokens': () => {
        tokens = [stored];
        return Response.json({ ...stored, token: SECRET }, { status: 201 });
      },
    });
    const writeText = vi.fn(async () => undefined);
    renderSection();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('You have no API tokens.')).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /^admin/ })).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Token name' }), 'Nightly export');
    await userEvent.click(screen.getByRole('checkbox', { name: /^reviews:read/ }));
    await userEvent.type(screen.getByLabelText('Expires on'), '2027-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText(/it will not be shown again/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your new token' })).toHaveValue(SECRET);
    const sent = await callsTo(calls, 'POST /api/tokens')[0].json();
    expect(sent).toMatchObject({ name: 'Nightly export', scopes: ['reviews:read'] });
    expect(new Date(sent.expiresAt).getFullYear()).toBe(2027);
    await userEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('Nightly export')).toBeVisible();
    expect(within(list).getByText(/never used; never expires/)).toBeVisible();
    expect(list).not.toHaveTextContent(SECRET);

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your new token' })).toBeNull();
  });

  it('offers the admin scope to admins only', async () => {
    stubApi({ 'GET /api/tokens': () => Response.json([]) });
    renderSection(true);
    expect(await screen.findByRole('checkbox', { name: /^admin/ })).toBeInTheDocument();
  });

  it('renames a token, and revokes it after a confirmation', async () => {
    const calls = stubApi({
      'GET /api/tokens': () => Response.json([stored]),
      [`PATCH /api/tokens/${stored.id}`]: () => Response.json({ ...stored, name: 'Reports' }),
      [`DELETE /api/tokens/${stored.id}`]: () =>
        Response.json({ success: true, message: 'The token was revoked; it no longer works.' }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the token' });
    const name = within(dialog).getByRole('textbox', { name: 'Token name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Reports');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await vi.waitFor(() =>
      expect(callsTo(calls, `PATCH /api/tokens/${stored.id}`)).toHaveLength(1),
    );
    expect(await callsTo(calls, `PATCH /api/tokens/${stored.id}`)[0].json()).toEqual({
      name: 'Reports',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(callsTo(calls, `DELETE /api/tokens/${stored.id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('The token was revoked; it no longer works.')).toBeVisible();
    expect(callsTo(calls, `DELETE /api/tokens/${stored.id}`)).toHaveLength(1);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiError, callsTo, stubApi, validationError } from '../../test/stubApi';
import { ContactsPage } from './ContactsPage';

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Ann Shipper');
  await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'I run a courier firm.');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('ContactsPage', () => {
  it("sends the form, shows the server's thanks and clears the fields", async () => {
    const thanks =
      'Thank you, Ann Shipper: your message was sent. We will answer at ann@example.com.';
    const fetchMock = stubApi({
      'POST /api/contact': () => Response.json({ success: true, message: thanks }, { status: 201 }),
    });
    renderWithProviders(<ContactsPage />);
    await fillAndSubmit();

    expect(await screen.findByRole('status')).toHaveTextContent(thanks);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    const [request] = callsTo(fetchMock, 'POST /api/contact');
    expect(await request.json()).toEqual({
      name: 'Ann Shipper',
      email: 'ann@example.com',
      message: 'I run a courier firm.',
    });
  });

  it("keeps the fields and shows the server's sentence when it is refused", async () => {
    stubApi({ 'POST /api/contact': apiError(429, 'Too many messages from your network.') });
    renderWithProviders(<ContactsPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many messages from your network.',
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Ann Shipper');
  });

  it('shows what the server refused of a field under that field', async () => {
    stubApi({
      'POST /api/contact': validationError({
        field: 'message',
        message: 'message must be 10 to 2000 characters long',
      }),
    });
    renderWithProviders(<ContactsPage />);
    await fillAndSubmit();
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
        'Message must be 10 to 2000 characters long.',
      ),
    );
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

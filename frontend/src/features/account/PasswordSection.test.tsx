import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { stubApi, validationError } from '../../test/stubApi';
import { Toaster } from '../../toasts/Toaster';
import { PasswordSection } from './PasswordSection';

describe('account: password', () => {
  it('shows the new password rule while typing, and each refused field under itself', async () => {
    stubApi({
      'POST /api/account/password': validationError(
        { field: 'currentPassword', message: 'currentPassword must be text' },
        { field: 'newPassword', message: 'newPassword must be 8 to 128 characters long' },
      ),
    });
    renderWithProviders(
      <>
        <PasswordSection />
        <Toaster />
      </>,
    );
    const newPassword = screen.getByLabelText('New password');
    await userEvent.type(newPassword, 'abcdefgh');
    expect(newPassword).toHaveAccessibleDescription(
      'At least 8 characters: done. Your other sessions will be signed out.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await vi.waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription(
        'NewPassword must be 8 to 128 characters long.',
      ),
    );
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'CurrentPassword must be text.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { Toaster } from './Toaster';
import { toastShown } from './toastSlice';

describe('Toaster', () => {
  it('shows queued messages one at a time, the next once the first is closed', async () => {
    const { store } = renderWithProviders(<Toaster />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => {
      store.dispatch(toastShown('User Logged In'));
      store.dispatch(toastShown('Request failed', 'error'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('User Logged In');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed');
    expect(store.getState().toasts.queue).toHaveLength(1);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { Layout } from './Layout';

const layoutRoutes = [{ path: '/', element: <Layout /> }];

describe('light/dark toggle in the app bar', () => {
  it('switches the theme mode and remembers it', async () => {
    const { store } = renderRoutes(layoutRoutes, '/');
    expect(store.getState().colorMode.mode).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(store.getState().colorMode.mode).toBe('dark');
    expect(window.localStorage.getItem('service-critic.color-mode')).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(store.getState().colorMode.mode).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });

  it('starts in the mode saved by an earlier visit', () => {
    window.localStorage.setItem('service-critic.color-mode', 'dark');
    const { store } = renderRoutes(layoutRoutes, '/');

    expect(store.getState().colorMode.mode).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });
});

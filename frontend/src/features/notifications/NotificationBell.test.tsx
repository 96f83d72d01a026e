import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from '../../components/layout/Layout';
import type { NotificationDto } from '../../lib/api/client';
import { emulateNarrowScreen, renderRoutes } from '../../test/renderWithProviders';
import { ann } from '../../test/reviewFixtures';
import { callsTo, stubApi } from '../../test/stubApi';
import { NotificationBell } from './NotificationBell';

/** The layout as the app composes it: the bell in a signed-in user's app bar. */
const layoutRoutes = [
  {
    path: '/',
    element: <Layout signedInActions={<NotificationBell />} />,
    children: [
      { index: true, element: <p>Page content</p> },
      { path: 'services/:id', element: <p>Service page</p> },
    ],
  },
];

const reviewFlagged: NotificationDto = {
  _id: 'n1',
  kind: 'review_flagged',
  text: 'Your review "Fast" is waiting for moderation',
  link: '/services/s1',
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  readAt: null,
};

function stubSignedInApi({ notifications = [] as NotificationDto[], unread = 0 } = {}) {
  return stubApi({
    'GET /api/notifications': () =>
      Response.json(notifications, { headers: { 'X-Unread-Count': String(unread) } }),
    'POST /api/notifications/n1/read': () => Response.json({ success: true }),
    'POST /api/notifications/read-all': () => Response.json({ marked: unread }),
  });
}

function renderSignedIn() {
  return renderRoutes(layoutRoutes, '/', {
    preloadedState: { auth: { user: ann, loading: false } },
  });
}

describe('NotificationBell in the app bar', () => {
  it('shows a signed-in user the bell with nothing unread', async () => {
    stubSignedInApi();
    renderSignedIn();

    expect(
      await within(screen.getByRole('banner')).findByRole('button', {
        name: 'Notifications, 0 unread',
      }),
    ).toBeInTheDocument();
  });

  it('counts unread notifications on the bell; opening one marks it read and follows it', async () => {
    const fetchMock = stubSignedInApi({ notifications: [reviewFlagged], unread: 3 });
    const { router } = renderSignedIn();

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /waiting for moderation/ }));

    expect(await screen.findByText('Service page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services/s1');
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/notifications/n1/read')).toHaveLength(1),
    );
  });

  it('marks all notifications read from the bell menu, offered only while some are unread', async () => {
    const fetchMock = stubSignedInApi({ notifications: [reviewFlagged], unread: 3 });
    renderSignedIn();

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Mark all as read' }),
    );

    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/notifications/read-all')).toHaveLength(1),
    );
  });

  it('does not offer to mark all read when nothing is unread', async () => {
    stubSignedInApi({
      notifications: [{ ...reviewFlagged, read: true, readAt: reviewFlagged.createdAt }],
    });
    renderSignedIn();

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
  });

  it('keeps the bell on a 360 px screen', async () => {
    emulateNarrowScreen();
    stubSignedInApi();
    renderSignedIn();

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /^Notifications/ })).toBeVisible();
  });
});

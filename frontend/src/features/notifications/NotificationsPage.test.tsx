import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../lib/api/client';
import { renderRoutes } from '../../test/renderWithProviders';
import { callsTo, stubApi } from '../../test/stubApi';
import { NotificationsPage } from './NotificationsPage';

const held: NotificationDto = {
  _id: 'n1',
  kind: 'review.flagged',
  text: 'Your review of Night Owl Couriers was held because it contains contact details.',
  link: '/myallreviews',
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  readAt: null,
};

describe('NotificationsPage', () => {
  it('lists the notifications as sentences with links, and marks all as read', async () => {
    let unread = 1;
    const calls = stubApi({
      'GET /api/notifications': () =>
        Response.json([{ ...held, readAt: unread ? null : held.createdAt }], {
          headers: { 'X-Total-Count': '1', 'X-Unread-Count': String(unread) },
        }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return Response.json({ marked: 1 });
      },
    });
    renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], '/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: held.text })).toHaveAttribute(
      'href',
      '/myallreviews',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 unread'));
    expect(callsTo(calls, 'POST /api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

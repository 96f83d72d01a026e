import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type NotificationDto } from '../../lib/api/client';

/** The newest notifications and the number unread among all of them (not just these). */
export interface NotificationInbox {
  notifications: NotificationDto[];
  unread: number;
}

const INBOX_SIZE = 10;

/** The list endpoint answers the unread count in a header, which the generated hook drops. */
function unreadCount(notifications: NotificationDto[], meta: FetchBaseQueryMeta | undefined) {
  const header = meta?.response?.headers.get('X-Unread-Count');
  if (header != null && /^\d+$/.test(header)) return Number(header);
  return notifications.filter((notification) => notification.readAt === null).length;
}

const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationInbox: build.query<NotificationInbox, void>({
      query: () => ({ url: '/api/notifications', params: { limit: INBOX_SIZE } }),
      transformResponse: (notifications: NotificationDto[], meta) => ({
        notifications,
        unread: unreadCount(notifications, meta as FetchBaseQueryMeta | undefined),
      }),
      providesTags: ['notifications'],
    }),
  }),
});

export const { useGetNotificationInboxQuery } = inboxApi;

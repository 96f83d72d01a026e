import Box from '@mui/material/Box';
import { formatDateTime } from '../../lib/dates';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type NotificationDto,
} from '../../lib/api/client';
import { usePager } from '../../components/ListPagination';
import { PagedList } from '../../components/PagedList';
import { TitledPage } from '../../components/TitledPage';

const PAGE_SIZE = 20;

/** /notifications (signed in): every notification, newest first, a page at a time. */
export function NotificationsPage() {
  const pager = usePager(PAGE_SIZE);
  const query = useListNotificationsQuery(pager.range);
  const [markAllRead, { isLoading }] = useMarkAllNotificationsReadMutation();
  const unread = query.data?.unread ?? 0;
  return (
    <TitledPage title="Notifications">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography role="status" sx={{ mr: 'auto' }}>
          {unread === 1 ? '1 unread' : `${unread} unread`}
        </Typography>
        <Button
          variant="outlined"
          disabled={unread === 0 || isLoading}
          onClick={() => void markAllRead()}
        >
          Mark all as read
        </Button>
      </Box>
      <PagedList
        label="Notifications"
        query={query}
        pager={pager}
        emptyText="No notifications yet."
        renderItem={(notification) => <NotificationCard notification={notification} />}
      />
    </TitledPage>
  );
}

function NotificationCard({ notification }: { notification: NotificationDto }) {
  const [markRead] = useMarkNotificationReadMutation();
  const isUnread = notification.readAt === null;
  const onOpen = () => {
    if (isUnread) void markRead({ id: notification._id });
  };
  return (
    <Card component="article" variant="outlined" sx={{ borderLeftWidth: isUnread ? 4 : 1 }}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontWeight: isUnread ? 700 : 400 }}>
          {notification.link.startsWith('/') ? (
            <Link component={RouterLink} to={notification.link} onClick={onOpen}>
              {notification.text}
            </Link>
          ) : (
            notification.text
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {isUnread ? 'New · ' : ''}
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        </Typography>
      </CardContent>
    </Card>
  );
}

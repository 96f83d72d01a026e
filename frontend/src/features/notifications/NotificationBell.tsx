import NotificationsIcon from '@mui/icons-material/Notifications';
import { formatDateTime } from '../../lib/dates';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import {
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type NotificationDto,
} from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { toastShown } from '../../toasts/toastSlice';
import { useAppDispatch } from '../../lib/hooks';

const POLL_MS = 60_000;
/** The bell lists the newest few; the unread count covers all of them. */
const INBOX_SIZE = 10;

/**
 * The bell with the unread count; its menu lists the notifications and opens their links, and
 * offers to mark them all read while any is unread.
 */
export function NotificationBell() {
  const { data } = useListNotificationsQuery({ limit: INBOX_SIZE }, { pollingInterval: POLL_MS });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const buttonId = useId();
  const menuId = useId();
  const unread = data?.unread ?? 0;
  const notifications = data?.items ?? [];

  const showError = (error: unknown) =>
    dispatch(toastShown(errorMessage(error as Parameters<typeof errorMessage>[0]), 'error'));

  const open = (notification: NotificationDto) => {
    setAnchor(null);
    if (notification.readAt === null) {
      markRead({ id: notification._id }).unwrap().catch(showError);
    }
    if (notification.link.startsWith('/')) void navigate(notification.link);
  };

  const markAll = () => {
    setAnchor(null);
    markAllRead().unwrap().catch(showError);
  };

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={`Notifications, ${unread} unread`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { maxWidth: 360 } },
        }}
      >
        {unread > 0 && [
          <MenuItem key="mark-all" onClick={markAll}>
            Mark all as read
          </MenuItem>,
          <Divider key="divider" />,
        ]}
        {notifications.length === 0 ? (
          <MenuItem disabled>No notifications yet</MenuItem>
        ) : (
          notifications.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              onOpen={() => open(notification)}
            />
          ))
        )}
        <Divider />
        <MenuItem
          component={RouterLink}
          to={paths.notifications.getHref()}
          onClick={() => setAnchor(null)}
        >
          See all notifications
        </MenuItem>
      </Menu>
    </>
  );
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: NotificationDto;
  onOpen: () => void;
}) {
  const isUnread = notification.readAt === null;
  const when = formatDateTime(notification.createdAt);
  return (
    <MenuItem onClick={onOpen} sx={{ whiteSpace: 'normal' }}>
      <ListItemText
        primary={notification.text}
        secondary={isUnread ? `New · ${when}` : when}
        slotProps={{ primary: { sx: { fontWeight: isUnread ? 700 : 400 } } }}
      />
    </MenuItem>
  );
}

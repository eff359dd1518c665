import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Notification } from '@tradedesk/contracts';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { visuallyHidden } from '../../shared/states/visually-hidden';
import type { WsClient } from '../../shared/ws/ws-client';
import { manageAlertsHref } from './manage-alerts';
import {
  BELL_ARGS,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
} from './notifications-api';
import { hideToastOf, useLiveNotifications } from './use-live-notifications';

const MENU_ID = 'notifications-menu';

/** "Notifications", or "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The bell of the main navigation (spec section 2, "notifications with manage alerts"): the unread count, live
 * over the `user` channel; a menu of the newest notifications (unread marked; choosing one marks it read and
 * follows its link), "Mark all read" and "Manage alerts" (opens the alerts panel on the current page).
 */
export function NotificationsBell(props: { client?: WsClient; sound?: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const f = useFormatters();
  const query = useNotificationsQuery(BELL_ARGS);
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = query.data?.unreadCount ?? 0;
  const items = query.data?.notifications ?? [];

  const openLink = useCallback(
    (n: Notification) => {
      if (!n.link) return;
      if (n.link.startsWith('/')) navigate(n.link);
      else window.open(n.link, '_blank', 'noopener,noreferrer');
    },
    [navigate],
  );
  useLiveNotifications({ client: props.client, open: openLink, sound: props.sound });

  const close = () => setAnchor(null);
  const choose = (n: Notification) => {
    close();
    hideToastOf(n.id);
    if (!n.read) void markRead({ id: n.id, read: true });
    openLink(n);
  };

  // Only menu items go in the menu (role menu); a state shows above it.
  let state: React.ReactNode = null;
  if (query.isLoading) state = <LoadingState label="Loading notifications" />;
  else if (query.isError && !query.data)
    state = (
      <ErrorState
        title="The notifications could not be loaded."
        message={isApiError(query.error) ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (items.length === 0)
    state = (
      <EmptyState
        icon={<NotificationsNoneOutlined />}
        title="No notifications yet."
        description="Alerts that fire, calendar reminders and notes you post show here."
      />
    );
  const rows = items.map((n) => (
    <MenuItem
      key={n.id}
      onClick={() => choose(n)}
      sx={{ alignItems: 'flex-start', gap: 1.5, whiteSpace: 'normal', py: 1.25 }}
      data-unread={n.read ? undefined : 'true'}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: n.read ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        {!n.read && <Box sx={visuallyHidden}>Unread: </Box>}
        <Typography component="span" sx={{ display: 'block', fontWeight: n.read ? 400 : 600 }}>
          {n.title}
        </Typography>
        {n.body && (
          <Typography
            component="span"
            variant="body2"
            sx={{
              display: '-webkit-box',
              color: 'text.secondary',
              overflow: 'hidden',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            }}
          >
            {n.body}
          </Typography>
        )}
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {f.dateTime(n.createdAt)}
        </Typography>
      </Box>
    </MenuItem>
  ));

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={bellLabel(unread)}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? MENU_ID : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} max={99} color="error" data-testid="notifications-count">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100dvh - 80px))' },
          },
        }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
            Notifications
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {unread > 0 ? `${unread} unread` : 'All read'}
          </Typography>
        </Box>
        {state}
        <MenuList id={MENU_ID} aria-label="Notifications" autoFocusItem={Boolean(anchor)} dense={false}>
          <MenuItem disabled={unread === 0 || markingAll.isLoading} onClick={() => void markAllRead()}>
            <ListItemIcon>
              <DoneAll fontSize="small" />
            </ListItemIcon>
            Mark all read
          </MenuItem>
          <Divider />
          {rows}
          {rows.length > 0 && <Divider />}
          <MenuItem
            onClick={() => {
              close();
              navigate(manageAlertsHref(location));
            }}
          >
            <ListItemIcon>
              <TuneOutlined fontSize="small" />
            </ListItemIcon>
            Manage alerts
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}

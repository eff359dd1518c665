import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Check from '@mui/icons-material/Check';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import Logout from '@mui/icons-material/Logout';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReportDialogs } from '../../helpcenter/report-bug/lazy-report-dialogs';

function initials(user: AuthUser): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.username.charAt(0)).toUpperCase();
}

export function fullName(user: AuthUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** The account panel: who is signed in, settings, shortcuts, theme sync and sign-out. */
export function AccountMenu(props: {
  user: AuthUser;
  onShowShortcuts: () => void;
  /** Whether the theme follows the system's setting. */
  syncTheme: boolean;
  onSyncTheme: () => void;
  onSignOut: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const report = useReportDialogs();
  const close = () => setAnchor(null);
  const then = (fn: () => void) => () => {
    close();
    fn();
  };

  return (
    <>
      <IconButton
        // Starts with what it shows (the initials), so a voice user can say it; then whose account it is.
        aria-label={`${initials(props.user)}: account menu of ${fullName(props.user)}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'success.main', color: 'success.contrastText' }}>
          {initials(props.user)}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'Account' } }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {fullName(props.user)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {props.user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={then(() => navigate('/settings/my_account'))}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <MenuItem onClick={then(props.onShowShortcuts)}>
          <ListItemIcon>
            <KeyboardOutlined fontSize="small" />
          </ListItemIcon>
          Keyboard shortcuts
        </MenuItem>
        <MenuItem onClick={then(() => report.open('bug'))}>
          <ListItemIcon>
            <BugReportOutlined fontSize="small" />
          </ListItemIcon>
          Report a bug
        </MenuItem>
        <MenuItem onClick={then(() => report.open('feedback'))}>
          <ListItemIcon>
            <FeedbackOutlined fontSize="small" />
          </ListItemIcon>
          Send feedback
        </MenuItem>
        <MenuItem role="menuitemcheckbox" aria-checked={props.syncTheme} onClick={then(props.onSyncTheme)}>
          <ListItemIcon>
            <SettingsBrightnessOutlined fontSize="small" />
          </ListItemIcon>
          Theme: sync with system
          {props.syncTheme && <Check fontSize="small" sx={{ ml: 'auto', pl: 1, color: 'primary.main' }} aria-hidden />}
        </MenuItem>
        <Divider />
        <MenuItem onClick={then(props.onSignOut)}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
      {report.dialogs}
    </>
  );
}

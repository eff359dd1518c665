import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isSettingsPage, type SettingsPageId, settingsPages, settingsPath } from '../settings-pages';

/** The settings pages: a list beside the page on wide screens, a select above it on narrow ones. */
export function SettingsNav(props: { page: SettingsPageId; variant: 'list' | 'select' }) {
  const navigate = useNavigate();

  if (props.variant === 'select') {
    return (
      <TextField
        select
        fullWidth
        label="Settings page"
        value={props.page}
        onChange={(event) => {
          if (isSettingsPage(event.target.value)) navigate(settingsPath(event.target.value));
        }}
        slotProps={{ select: { native: true } }}
      >
        {settingsPages.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </TextField>
    );
  }

  return (
    <nav aria-label="Settings pages">
      <List disablePadding>
        {settingsPages.map((p) => {
          const active = p.id === props.page;
          return (
            <ListItem key={p.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={settingsPath(p.id)}
                selected={active}
                aria-current={active ? 'page' : undefined}
                sx={{ borderRadius: 1, mb: 0.5, ...(p.id === 'delete_account' ? { color: 'error.main' } : {}) }}
              >
                <ListItemText primary={p.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}

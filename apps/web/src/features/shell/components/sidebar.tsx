import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router';
import { useReportDialogs } from '../../helpcenter/report-bug/lazy-report-dialogs';
import type { NavItem } from './nav-items';

function isActive(pathname: string, match: string): boolean {
  return match === '/' ? pathname === '/' : pathname === match || pathname.startsWith(`${match}/`);
}

export function Sidebar(props: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const report = useReportDialogs();
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ py: 1 }}>
      <List>
        {props.items.map((item) => {
          const active = isActive(pathname, item.match);
          const Icon = item.icon;
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={props.onNavigate}
                sx={{ mx: 1, borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Divider sx={{ mx: 2 }} />
      <List>
        {/* opens over the page it was pressed on: the report attaches that page */}
        <ListItem disablePadding>
          <ListItemButton onClick={() => report.open('bug')} sx={{ mx: 1, borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <BugReportOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Report a bug" />
          </ListItemButton>
        </ListItem>
      </List>
      {report.dialogs}
    </Box>
  );
}

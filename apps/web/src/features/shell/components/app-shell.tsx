import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { FullPageSpinner } from '../../../app/route-guards';
import { tokens } from '../../../app/theme';
import { MAIN_ID, SkipLink } from '../../../shared/a11y/skip-link';
import { selectThemeMode } from '../../../shared/theme/theme-slice';
import { useThemeToggle } from '../../../shared/theme/use-theme-toggle';
import { AlertsHost } from '../../alerts/alerts-host';
import { selectCurrentUser } from '../../auth';
import { useLoginOptionsQuery, useLogoutMutation } from '../../auth/auth-api';
import { LazyNotificationsBell } from '../../notifications';
import { LazyNewPostButton } from '../../social/posts/composer/lazy-new-post-button';
import { useStaffMeQuery } from '../../staff/staff-api';
import { SymbolSearchDialog } from '../../symbol-search/lazy-symbol-search-dialog';
import { LazyAccountSwitcher } from '../../trading/accounts/lazy-account-switcher';
import { useKeyboardShortcuts } from '../hooks/use-keyboard-shortcuts';
import { AccountMenu } from './account-menu';
import { navItems } from './nav-items';
import { ShortcutsDialog } from './shortcuts-dialog';
import { Sidebar } from './sidebar';

// The position event modals (stop loss hit, partial close) of the active account, on every page.
// Fetched with the shell's own module (prefetched while the person signs in), rendered lazily.
const positionEvents = import('../../positions/position-events');
positionEvents.catch(() => {}); // a failure shows when the host renders
const PositionEventsHost = lazy(() => positionEvents);

/** The signed-in layout: sidebar (a drawer under 900 px), top bar, and the page. */
export function AppShell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const user = useAppSelector(selectCurrentUser);
  const { data: options } = useLoginOptionsQuery();
  const [logout] = useLogoutMutation();
  const { resolved, toggle, choose } = useThemeToggle();
  const themeMode = useAppSelector(selectThemeMode);
  const navigate = useNavigate();
  const { data: staffMe } = useStaffMeQuery(undefined, { skip: !user });
  const items = navItems({ mailbox: options?.mailbox ?? false, staff: staffMe?.isStaff ?? false });

  useKeyboardShortcuts({
    help: () => setShortcutsOpen(true),
    search: () => setSearchOpen(true),
    goHome: () => navigate('/'),
    goWatchlists: () => navigate('/watchlists'),
    goSettings: () => navigate('/settings/my_account'),
    toggleTheme: toggle,
  });

  const sidebar = <Sidebar items={items} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        // Above the permanent sidebar, which sits under it; the narrow screens' drawer covers it like any modal.
        sx={{ borderBottom: 1, borderColor: 'divider', ...(wide ? { zIndex: (t) => t.zIndex.drawer + 1 } : {}) }}
      >
        <Toolbar sx={{ '&&': { minHeight: tokens.topBarHeight }, gap: 1 }}>
          {!wide && (
            <IconButton
              edge="start"
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1, display: 'flex' }}>
            <Typography
              component={RouterLink}
              to="/"
              aria-label="TradeDesk home"
              variant="h6"
              sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', borderRadius: 0.5 }}
            >
              <Box component="span" sx={{ color: 'primary.main' }}>
                Trade
              </Box>
              Desk
            </Typography>
          </Box>
          <Tooltip title="Search symbols (/ or Ctrl+K)">
            {wide ? (
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                startIcon={<SearchOutlined />}
                onClick={() => setSearchOpen(true)}
                sx={{ borderColor: 'divider', color: 'text.secondary', textTransform: 'none' }}
              >
                Search symbols
              </Button>
            ) : (
              <IconButton aria-label="Search symbols" onClick={() => setSearchOpen(true)}>
                <SearchOutlined />
              </IconButton>
            )}
          </Tooltip>
          {user && <LazyNewPostButton compact={!wide} />}
          {user && <LazyAccountSwitcher />}
          <Tooltip title={resolved === 'dark' ? 'Switch to light theme (t)' : 'Switch to dark theme (t)'}>
            <IconButton
              aria-label={resolved === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              onClick={toggle}
            >
              {resolved === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
            </IconButton>
          </Tooltip>
          {user && <LazyNotificationsBell />}
          {user && (
            <AccountMenu
              user={user}
              onShowShortcuts={() => setShortcutsOpen(true)}
              syncTheme={themeMode === 'sync'}
              onSyncTheme={() => choose(themeMode === 'sync' ? resolved : 'sync')}
              onSignOut={() => void logout()}
            />
          )}
        </Toolbar>
      </AppBar>

      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: tokens.sidebarWidth,
            flexShrink: 0,
            '& .MuiDrawer-paper': {
              width: tokens.sidebarWidth,
              boxSizing: 'border-box',
              pt: `${tokens.topBarHeight}px`,
            },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: tokens.sidebarWidth } }}
        >
          {sidebar}
        </Drawer>
      )}

      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: `${tokens.topBarHeight}px`, '&:focus': { outline: 'none' } }}
      >
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>

      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <SymbolSearchDialog
        open={searchOpen}
        onClose={() => setSearchOpen(false)}
        onPick={(picked) => {
          setSearchOpen(false);
          navigate(`/chart?symbol=${encodeURIComponent(picked.ticker)}`);
        }}
      />
      <Suspense fallback={null}>
        <PositionEventsHost />
      </Suspense>
      <AlertsHost />
    </Box>
  );
}

export { AppShell as Component };

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AlertsTab } from '../alerts-url';
import { AlertSettings } from './alert-settings';
import { AlertsList } from './alerts-list';

/**
 * The alerts panel (spec section 2: tabs alerts and settings), a drawer at the right of every signed-in page.
 * Its open state and tab live in the address (`?alerts=open&alertsTab=settings`), so "Manage alerts" in the
 * notifications menu, a reload and the back button all work.
 */
export default function AlertsPanel(props: { tab: AlertsTab; onTab(tab: AlertsTab): void; onClose(): void }) {
  const titleId = useId();
  const tabsId = useId();
  return (
    <Drawer
      anchor="right"
      open
      onClose={props.onClose}
      // Over the top bar, which sits above drawers on wide screens: the panel's title and close button show.
      sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', md: 'min(1080px, 92vw)' }, display: 'flex', flexDirection: 'column' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Alerts
        </Typography>
        <IconButton aria-label="Close alerts" onClick={props.onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Tabs
        value={props.tab}
        onChange={(_e, tab: AlertsTab) => props.onTab(tab)}
        aria-label="Alerts panel"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="alerts" label="Alerts" id={`${tabsId}-alerts`} aria-controls={`${tabsId}-panel`} />
        <Tab value="settings" label="Settings" id={`${tabsId}-settings`} aria-controls={`${tabsId}-panel`} />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${props.tab}`}
        sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}
      >
        {props.tab === 'alerts' ? <AlertsList /> : <AlertSettings />}
      </Box>
    </Drawer>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';

/** The right-hand drawer of an event's detail: its title bar with a close button, and its loading and error states. */
export function EventDrawer(props: {
  open: boolean;
  label: string;
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  status: 'loading' | 'error' | 'ready';
  error?: { message?: string; onRetry?: () => void; notFound?: boolean };
  children?: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      // Over the shell's top bar, as a modal panel should be.
      sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{ paper: { 'aria-label': props.label, sx: { width: { xs: '100%', md: 760 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {props.title}
          </Typography>
          {props.subtitle && (
            <Box sx={{ color: 'text.secondary', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {props.subtitle}
            </Box>
          )}
        </Box>
        <IconButton aria-label="Close" onClick={props.onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {props.status === 'loading' && <LoadingState label="Loading the event" />}
      {props.status === 'error' && (
        <ErrorState
          title={props.error?.notFound ? 'This event was not found.' : 'The event could not be loaded.'}
          message={props.error?.message}
          onRetry={props.error?.notFound ? undefined : props.error?.onRetry}
        />
      )}
      {props.status === 'ready' && props.children}
    </Drawer>
  );
}

/** A term and its value, in a definition list. */
export function Fact(props: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {props.term}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {props.children}
      </Box>
    </Box>
  );
}

export function Facts(props: { label: string; children: ReactNode }) {
  return (
    <Box
      component="dl"
      aria-label={props.label}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
    >
      {props.children}
    </Box>
  );
}

/**
 * The drawer's detail tabs, vertical as the spec's calendar drawers are, with the chosen tab's panel beside them
 * (the economic drawer's layout, shared by the earnings and IPO drawers).
 */
export function DrawerTabs<T extends string>(props: {
  tabs: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (tab: T) => void;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Tabs
        orientation="vertical"
        value={props.value}
        onChange={(_e, t: T) => props.onChange(t)}
        aria-label="Event details"
        sx={{ borderRight: 1, borderColor: 'divider', minWidth: 140 }}
      >
        {props.tabs.map((t) => (
          <Tab key={t} value={t} label={props.labels[t]} id={`event-tab-${t}`} aria-controls={`event-panel-${t}`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`event-panel-${props.value}`}
        aria-labelledby={`event-tab-${props.value}`}
        sx={{ flex: 1, p: 2, overflow: 'auto' }}
      >
        {props.children}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BlockerFunction } from 'react-router';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useBlocker } from '../../app/navigation-blocker';
import { isApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { useActiveAccount } from '../trading';
import { ComplianceTab } from './compliance-tab';
import { DayEntry } from './day-entry';
import { useJournalCalendarQuery } from './journal-api';
import { dayTitle, JournalCalendar } from './journal-calendar';
import {
  type AccountsMode,
  dayIn,
  gridRange,
  type JournalTab,
  type JournalView,
  journalParamsOf,
  journalTabLabels,
  journalTabs,
  journalViewOf,
} from './journal-url';
import { SetupsTab } from './setups-tab';

/** The journal screen (spec section 2 "Journal": main tabs overview, setup_view, details); its state is in the address. */
export function JournalScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => journalViewOf(params), [params]);
  const setView = useCallback(
    (patch: Partial<JournalView>) => setParams((p) => journalParamsOf({ ...journalViewOf(p), ...patch })),
    [setParams],
  );
  const f = useFormatters();
  const today = dayIn(new Date(), f.preferences.timeZone);
  // The open day lists the trades of the accounts the calendar shows: with "All accounts" every account by its id
  // (left empty, the server would take the accounts saved with the day's entry, fewer than the calendar counts).
  const active = useActiveAccount();
  const dayAccounts = useMemo(
    () => (view.accounts.length ? view.accounts : active.accounts.map((a) => a.id)),
    [view.accounts, active.accounts],
  );

  // Unsaved edits of the open day hold back leaving it (another day, closing it, another page).
  const [dirty, setDirty] = useState(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(currentLocation.search).get('day') !== new URLSearchParams(nextLocation.search).get('day')),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Box
      sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: '100%', minWidth: 0 }}
    >
      <Typography variant="h5" component="h1">
        Journal
      </Typography>
      <Tabs
        value={view.tab}
        onChange={(_e, tab: JournalTab) => setView({ tab })}
        aria-label="Journal views"
        sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        {journalTabs.map((t) => (
          <Tab key={t} value={t} label={journalTabLabels[t]} />
        ))}
      </Tabs>
      {view.tab === 'overview' && <OverviewTab view={view} setView={setView} today={today} />}
      {view.tab === 'setup_view' && <SetupsTab />}
      {view.tab === 'details' && <ComplianceTab accountIds={view.accounts} />}
      <Drawer
        anchor="right"
        open={Boolean(view.day)}
        onClose={() => setView({ day: '' })}
        // Over the shell's top bar (which sits above the navigation drawer), as a modal panel should be.
        sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
        slotProps={{
          paper: {
            'aria-label': view.day ? `Journal of ${dayTitle(view.day, f.preferences.locale)}` : 'Journal day',
            sx: { width: { xs: '100%', md: 820 } },
          },
        }}
      >
        {view.day && active.isLoading && <LoadingState label="Loading your trading accounts" />}
        {view.day && !active.isLoading && (
          <DayEntry
            key={view.day}
            date={view.day}
            accountIds={dayAccounts}
            onClose={() => setView({ day: '' })}
            onDirtyChange={setDirty}
          />
        )}
      </Drawer>
      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="journal-unsaved-title"
        aria-describedby="journal-unsaved-text"
      >
        <DialogTitle id="journal-unsaved-title">Leave the day without saving?</DialogTitle>
        <DialogContent>
          <DialogContentText id="journal-unsaved-text">
            This day has changes that are not saved. If you leave it now, they are discarded.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
            Stay on this day
          </Button>
          <Button onClick={() => blocker.proceed?.()} color="error">
            Discard the changes
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function OverviewTab(props: { view: JournalView; setView: (patch: Partial<JournalView>) => void; today: string }) {
  const { view, setView, today } = props;
  const active = useActiveAccount();
  const month = view.month || today.slice(0, 7);
  const [selected, setSelected] = useState(() => view.day || (today.startsWith(month) ? today : `${month}-01`));
  // Another month by its buttons: the selection goes along, on the same day of the month where it exists.
  useEffect(() => {
    setSelected((s) => (s.startsWith(month) ? s : today.startsWith(month) ? today : `${month}-01`));
  }, [month, today]);
  const range = gridRange(month);
  const calendar = useJournalCalendarQuery({ ...range, accountIds: view.accounts });
  const accounts = active.accounts;

  if (active.isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (active.isError)
    return <ErrorState title="Your trading accounts could not be loaded." onRetry={() => window.location.reload()} />;
  // No account yet: the way to trade, and the month's calendar below it, where any day opens to write its plan.
  const noAccount =
    accounts.length === 0 ? (
      <EmptyState
        title="No trading account yet"
        description="Open a virtual account in Trading accounts (top bar) and trade: each day's trades show in the journal by themselves. You can write a day's plan any time: open a day in the calendar."
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => setView({ day: today, month: '' })}>
              Write today’s plan
            </Button>
            <Button component={RouterLink} to="/chart" variant="outlined">
              Open the chart to trade
            </Button>
          </Box>
        }
      />
    ) : null;

  // The last month's figures stay (greyed) while another loads, so the grid and the keyboard focus stay put.
  const data = calendar.data;
  const current = calendar.currentData;
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      {noAccount}
      <Box sx={{ display: noAccount ? 'none' : 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Accounts"
          // Every account checked while all are shown: unticking one shows the others.
          value={view.accounts.length ? view.accounts : accounts.map((a) => a.id)}
          sx={{ minWidth: 240, maxWidth: 420 }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (ids) => {
                const list = ids as string[];
                return list.length === 0 || list.length === accounts.length
                  ? 'All accounts'
                  : list.map((id) => names.get(id) ?? 'Account').join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
          onChange={(e) => {
            const value = e.target.value as unknown as string[] | string;
            const ids = (typeof value === 'string' ? value.split(',') : value).filter(Boolean);
            setView({ accounts: ids.length === accounts.length || ids.length === 0 ? [] : ids });
          }}
        >
          {accounts.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              <Checkbox
                size="small"
                checked={view.accounts.length === 0 || view.accounts.includes(a.id)}
                slotProps={{ input: { 'aria-hidden': true } }}
                tabIndex={-1}
              />
              <Box
                component="span"
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: a.color, mr: 1, flexShrink: 0 }}
              />
              <ListItemText primary={a.name} secondary={a.status === 'archived' ? 'Archived' : a.currency} />
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view.mode}
          onChange={(_e, mode: AccountsMode | null) => mode && setView({ mode })}
          aria-label="Several accounts in a day"
        >
          <ToggleButton value="together">Together</ToggleButton>
          <ToggleButton value="apart">Apart</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Arrow keys move the day, Enter opens it.
        </Typography>
      </Box>
      {calendar.isError && !data ? (
        <ErrorState
          title="The journal calendar could not be loaded."
          message={isApiError(calendar.error) ? calendar.error.message : undefined}
          onRetry={() => calendar.refetch()}
          retrying={calendar.isFetching}
        />
      ) : !data ? (
        <LoadingState label="Loading the journal" />
      ) : (
        <>
          <JournalCalendar
            month={month}
            days={data.days}
            accounts={data.accounts}
            mode={view.mode}
            selected={selected}
            today={today}
            onSelect={setSelected}
            onOpen={(day) => setView({ day, month: day.slice(0, 7) === today.slice(0, 7) ? '' : day.slice(0, 7) })}
            onMonth={(m) => setView({ month: m === today.slice(0, 7) ? '' : m })}
            busy={calendar.isFetching}
          />
          {!noAccount && current?.days.every((d) => d.tradeCount === 0 && !d.hasEntry) && (
            <EmptyState
              title="Nothing journaled in these weeks."
              description="Days with closed trades show their P/L here by themselves. Open any day to write its plan and review."
              action={
                <Button variant="outlined" onClick={() => setView({ day: today, month: '' })}>
                  Write today’s plan
                </Button>
              }
            />
          )}
        </>
      )}
    </Box>
  );
}

/** The /journal route (React Router lazy convention), with the user's zone, clock and P/L colours. */
export function Component() {
  return (
    <AccountFormatPreferences>
      <JournalScreen />
    </AccountFormatPreferences>
  );
}

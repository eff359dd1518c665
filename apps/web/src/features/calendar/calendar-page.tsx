import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type CalendarImpactLevel,
  type CalendarSettings,
  DEFAULT_CALENDAR_SETTINGS,
  type EarningsEvent,
  type EconomicEvent,
  type IpoEvent,
} from '@tradedesk/contracts';
import { ECONOMIC_INDICATORS } from '@tradedesk/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import {
  type CalendarRange,
  useCalendarSettingsQuery,
  useEarningsCalendarQuery,
  useEconomicCalendarQuery,
  useIpoCalendarQuery,
} from './calendar-api';
import {
  type CalendarTab,
  type CalendarView,
  calendarParamsOf,
  calendarTabLabels,
  calendarTabs,
  calendarViewOf,
  impactFilterLabels,
  passesImpact,
} from './calendar-url';
import { earningsColumns, ipoColumns } from './corporate-columns';
import { EarningsDrawer, IpoDrawer } from './corporate-drawers';
import { economicColumns } from './economic-columns';
import { EconomicDrawer } from './economic-drawer';
import { NextEvent } from './next-event';
import { CalendarSettingsDialog } from './settings-dialog';
import { keepEarnings, keepIpo } from './settings-model';
import { isSimulated } from './source-label';
import { addDays, dayIn, isDay, mondayOf } from './week';
import { dayLabel, type EventColumn, WeekTable } from './week-table';

const impactLevels: CalendarImpactLevel[] = ['All', 'low', 'medium', 'high'];
const errorMessage = (error: unknown) => (error as { message?: string } | undefined)?.message;
const timeOf = (e: { time: string }) => e.time;
const idOf = (e: { id: string }) => e.id;

/** The week's query: a day either side of Monday to Friday, so every day of the user's zone is covered. */
const queryRange = (monday: string): CalendarRange => ({ from: addDays(monday, -1), to: addDays(monday, 5) });

function WeekBar(props: {
  monday: string;
  thisMonday: string;
  locale: string | undefined;
  onWeek: (monday: string) => void;
}) {
  const { monday, thisMonday, onWeek } = props;
  const friday = addDays(monday, 4);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title="Previous week">
        <IconButton aria-label="Previous week" onClick={() => onWeek(addDays(monday, -7))}>
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Button variant="outlined" size="small" onClick={() => onWeek(thisMonday)} disabled={monday === thisMonday}>
        This week
      </Button>
      <Tooltip title="Next week">
        <IconButton aria-label="Next week" onClick={() => onWeek(addDays(monday, 7))}>
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Typography component="h2" variant="subtitle1" aria-live="polite" sx={{ fontWeight: 600, mx: 1 }}>
        {dayLabel(monday, props.locale)} – {dayLabel(friday, props.locale)} {friday.slice(0, 4)}
      </Typography>
      <TextField
        type="date"
        size="small"
        label="Go to date"
        value={monday}
        onChange={(e) => {
          if (isDay(e.target.value)) onWeek(mondayOf(e.target.value));
        }}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
    </Box>
  );
}

/** A country code's name in the user's language ("NZ" is New Zealand, "EU" European Union); the code if unknown. */
export function countryName(code: string, locale: string | undefined): string {
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries of the simulated calendar's indicator table, with those of the week's events (a feed may add some). */
function countryOptions(weekCountries: readonly string[], locale: string | undefined) {
  const codes = new Set([...ECONOMIC_INDICATORS.map((i) => i.country), ...weekCountries]);
  return [...codes]
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

function EconomicFilters(props: {
  impact: CalendarImpactLevel;
  country: string;
  countries: { code: string; name: string }[];
  onChange: (patch: Partial<CalendarView>) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.impact}
        onChange={(_e, v: CalendarImpactLevel | null) => v && props.onChange({ impact: v })}
        aria-label="Impact"
      >
        {impactLevels.map((l) => (
          <ToggleButton key={l} value={l} sx={{ px: 1.25, textTransform: 'none' }}>
            {impactFilterLabels[l]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label="Country"
        value={props.country}
        onChange={(e) => props.onChange({ country: e.target.value })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">All countries</MenuItem>
        {props.countries.map((c) => (
          <MenuItem key={c.code} value={c.code}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

function SimulatedNote(props: { sources: string[] }) {
  if (!props.sources.some(isSimulated)) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      Events labelled Simulated come from the built-in simulated calendar, which the simulated market reacts to; they
      are not real releases.
    </Typography>
  );
}

function EconomicList(props: {
  view: CalendarView;
  monday: string;
  settings: CalendarSettings;
  f: Formatters;
  setView: (patch: Partial<CalendarView>) => void;
  onOpen: (id: string) => void;
}) {
  const { view, monday, settings, f, setView } = props;
  const query = useEconomicCalendarQuery(queryRange(monday), { skip: !settings.economic.show });
  const impact = view.impact || settings.economic.impactLevel;
  const all = query.data?.events;
  const locale = f.preferences.locale;
  const countries = useMemo(
    () =>
      countryOptions(
        (all ?? []).map((e) => e.country),
        locale,
      ),
    [all, locale],
  );
  const events = useMemo(
    () => (all ?? []).filter((e) => passesImpact(e.impact, impact) && (!view.country || e.country === view.country)),
    [all, impact, view.country],
  );
  const columns = useMemo(() => economicColumns(f), [f]);
  const onOpen = useCallback((e: EconomicEvent) => props.onOpen(e.id), [props.onOpen]);
  if (!settings.economic.show)
    return (
      <EmptyState
        title="Economic events are hidden."
        description="Your calendar settings hide them: turn on Show economic events in Calendar settings."
      />
    );
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <EconomicFilters impact={impact} country={view.country} countries={countries} onChange={setView} />
        <NextEvent events={events} onDue={query.refetch} onOpen={onOpen} />
      </Box>
      <SimulatedNote sources={(all ?? []).map((e) => e.source)} />
      <Box sx={{ flex: 1, minHeight: 420 }}>
        <WeekTable
          label="Economic calendar"
          monday={monday}
          timeZone={f.preferences.timeZone}
          locale={f.preferences.locale}
          events={events}
          timeOf={timeOf}
          idOf={idOf}
          columns={columns}
          onOpen={onOpen}
          status={query.isLoading ? 'loading' : query.isError ? 'error' : 'ready'}
          error={{ message: errorMessage(query.error), onRetry: query.refetch, retrying: query.isFetching }}
          emptyText="No events"
          persistKey="calendar-economic"
        />
      </Box>
    </>
  );
}

function EarningsList(props: {
  monday: string;
  settings: CalendarSettings;
  f: Formatters;
  onOpen: (id: string) => void;
}) {
  const { monday, settings, f } = props;
  const query = useEarningsCalendarQuery(queryRange(monday), { skip: !settings.earnings.show });
  const all = query.data?.events;
  const events = useMemo(() => (all ?? []).filter((e) => keepEarnings(e, settings)), [all, settings]);
  const columns = useMemo(() => earningsColumns(f), [f]);
  return (
    <CorporateWeek
      {...props}
      query={query}
      show={settings.earnings.show}
      events={events}
      columns={columns}
      noun="earnings"
      shown={{
        plural: 'Earnings',
        switchName: 'Show earnings',
        label: 'Earnings calendar',
        persistKey: 'calendar-earnings',
      }}
    />
  );
}

function IpoList(props: { monday: string; settings: CalendarSettings; f: Formatters; onOpen: (id: string) => void }) {
  const { monday, settings, f } = props;
  const query = useIpoCalendarQuery(queryRange(monday), { skip: !settings.ipos.show });
  const all = query.data?.events;
  const events = useMemo(() => (all ?? []).filter((e) => keepIpo(e, settings)), [all, settings]);
  const columns = useMemo(() => ipoColumns(f), [f]);
  return (
    <CorporateWeek
      {...props}
      query={query}
      show={settings.ipos.show}
      events={events}
      columns={columns}
      noun="IPOs"
      shown={{ plural: 'IPOs', switchName: 'Show IPOs', label: 'IPO calendar', persistKey: 'calendar-ipos' }}
    />
  );
}

/** A week of earnings or IPOs: hidden by the settings, or the week's table with the Simulated note. */
function CorporateWeek<T extends EarningsEvent | IpoEvent>(props: {
  monday: string;
  f: Formatters;
  onOpen: (id: string) => void;
  query: {
    data?: { events: T[] } | undefined;
    isLoading: boolean;
    isError: boolean;
    isFetching: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  show: boolean;
  /** The week's events the settings keep. */
  events: T[];
  columns: EventColumn<T>[];
  noun: string;
  shown: { plural: string; switchName: string; label: string; persistKey: string };
}) {
  const { monday, f, query, events, shown } = props;
  const all = query.data?.events;
  const onOpen = useCallback((e: T) => props.onOpen(e.id), [props.onOpen]);
  if (!props.show)
    return (
      <EmptyState
        title={`${shown.plural} are hidden.`}
        description={`Your calendar settings hide them: turn on ${shown.switchName} in Calendar settings.`}
      />
    );
  return (
    <>
      <SimulatedNote sources={(all ?? []).map((e) => e.source)} />
      <Box sx={{ flex: 1, minHeight: 420 }}>
        <WeekTable
          label={shown.label}
          monday={monday}
          timeZone={f.preferences.timeZone}
          locale={f.preferences.locale}
          events={events}
          timeOf={timeOf}
          idOf={idOf}
          columns={props.columns}
          onOpen={onOpen}
          status={query.isLoading ? 'loading' : query.isError ? 'error' : 'ready'}
          error={{ message: errorMessage(query.error), onRetry: query.refetch, retrying: query.isFetching }}
          emptyText={`No ${props.noun}`}
          persistKey={shown.persistKey}
        />
      </Box>
    </>
  );
}

/**
 * The calendar screen (spec section 2 "Calendar"): economic, earnings and IPO calendars of a week, Monday to
 * Friday, grouped by day, in the user's time zone. The tab, week, filters and open event live in the address
 * (calendar-url.ts); the user's calendar settings filter the lists.
 */
export function CalendarScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => calendarViewOf(params), [params]);
  const setView = useCallback(
    (patch: Partial<CalendarView>) =>
      setParams((p) => calendarParamsOf({ ...calendarViewOf(p), ...patch }), { replace: !('event' in patch) }),
    [setParams],
  );
  const f = useFormatters();
  const thisMonday = mondayOf(dayIn(new Date(), f.preferences.timeZone));
  const monday = view.week || thisMonday;
  const settingsQuery = useCalendarSettingsQuery();
  const settings = settingsQuery.data ?? DEFAULT_CALENDAR_SETTINGS;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const open = useCallback((id: string) => setView({ event: id, detail: 'overview' }), [setView]);
  const close = () => setView({ event: '', detail: 'overview' });

  return (
    <Box
      sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Calendar
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Times in {f.preferences.timeZone}
        </Typography>
        <Button startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
          Calendar settings
        </Button>
      </Box>
      <WeekBar
        monday={monday}
        thisMonday={thisMonday}
        locale={f.preferences.locale}
        onWeek={(m) => setView({ week: m === thisMonday ? '' : m })}
      />
      <Tabs
        value={view.tab}
        onChange={(_e, tab: CalendarTab) => setView({ tab, event: '' })}
        aria-label="Calendars"
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
      >
        {calendarTabs.map((t) => (
          <Tab key={t} value={t} label={calendarTabLabels[t]} />
        ))}
      </Tabs>
      {view.tab === 'economic' && (
        <EconomicList view={view} monday={monday} settings={settings} f={f} setView={setView} onOpen={open} />
      )}
      {view.tab === 'earnings' && <EarningsList monday={monday} settings={settings} f={f} onOpen={open} />}
      {view.tab === 'ipos' && <IpoList monday={monday} settings={settings} f={f} onOpen={open} />}
      <EconomicDrawer
        id={view.tab === 'economic' ? view.event : ''}
        tab={view.detail}
        onTab={(detail) => setView({ detail })}
        onClose={close}
      />
      <EarningsDrawer
        id={view.tab === 'earnings' ? view.event : ''}
        tab={view.detail}
        onTab={(detail) => setView({ detail })}
        onClose={close}
      />
      <IpoDrawer
        id={view.tab === 'ipos' ? view.event : ''}
        tab={view.detail}
        onTab={(detail) => setView({ detail })}
        onClose={close}
      />
      {settingsOpen && (
        <CalendarSettingsDialog
          settings={settings}
          loading={settingsQuery.isLoading}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </Box>
  );
}

/** The /market-intelligence/calendar route (React Router lazy convention), in the user's zone and clock. */
export function Component() {
  return (
    <AccountFormatPreferences>
      <CalendarScreen />
    </AccountFormatPreferences>
  );
}

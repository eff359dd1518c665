import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import { ThemeProvider } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TimeFormat } from '@tradedesk/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { createAppTheme } from '../../app/theme';
import { DataTable, type DataTableStatus } from '../../shared/data-table/data-table';
import { type Density, DensityProvider } from '../../shared/density/density';
import {
  type FormatPreferences,
  FormatPreferencesProvider,
  useFormatters,
} from '../../shared/format/format-preferences';
import type { PnlColorScheme } from '../../shared/format/pnl';
import { PnlText } from '../../shared/format/pnl-text';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import type { ResolvedMode } from '../../shared/theme/theme-slice';
import { useResolvedMode } from '../../shared/theme/use-resolved-mode';
import { useWorkspacePreferences } from '../../shared/user-data/use-workspace-preferences';
import { DockWorkspace } from '../../shared/workspace/dock-workspace';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { galleryDefaultLayout, galleryPanels, positionColumns } from './gallery-panels';
import { samplePositions } from './sample-data';

const ACCOUNT = 'account';
const zones = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];

/**
 * Development only (/dev/kit, left out of production builds): every part of the workspace kit in
 * apps/web/src/shared, on sample data, in either theme and density, for the people building screens on it.
 */
export function KitGalleryPage() {
  const appMode = useResolvedMode();
  const [mode, setMode] = useState<ResolvedMode>(appMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <AccountFormatPreferences>
        <Gallery mode={mode} onModeChange={setMode} />
      </AccountFormatPreferences>
    </ThemeProvider>
  );
}

function Gallery(props: { mode: ResolvedMode; onModeChange: (mode: ResolvedMode) => void }) {
  const [density, setDensity] = useState<Density>('compact');
  const [zone, setZone] = useState(ACCOUNT);
  const [clock, setClock] = useState<TimeFormat | typeof ACCOUNT>(ACCOUNT);
  const workspace = useWorkspacePreferences();
  const overrides = useMemo(() => {
    const value: Partial<FormatPreferences> = {};
    if (zone !== ACCOUNT) value.timeZone = zone;
    if (clock !== ACCOUNT) value.timeFormat = clock;
    return value;
  }, [zone, clock]);

  return (
    <Box
      component="main"
      data-mode={props.mode}
      sx={{ bgcolor: 'background.default', color: 'text.primary', minHeight: '100dvh', p: { xs: 1.5, md: 3 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: 24, sm: 30 } }}>
          Workspace kit
        </Typography>
        <Chip label="Development only" color="warning" variant="outlined" />
        <Chip label="Sample data" variant="outlined" />
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 880 }}>
        The shared parts of apps/web/src/shared that the chart, order, positions, metrics, journal and calendar screens
        are built from (see its README.md). Everything below shows generated sample data. Layouts and column settings
        are saved to your account as they would be on a real screen.
      </Typography>

      <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Choice
          label="Theme"
          value={props.mode}
          options={[
            ['dark', 'Dark'],
            ['light', 'Light'],
          ]}
          onChange={props.onModeChange}
        />
        <Choice
          label="Density"
          value={density}
          options={[
            ['compact', 'Compact'],
            ['standard', 'Standard'],
          ]}
          onChange={setDensity}
        />
        <Choice
          label="Clock"
          value={clock}
          options={[
            [ACCOUNT, 'Account'],
            ['24h', '24-hour'],
            ['12h', '12-hour'],
          ]}
          onChange={setClock}
        />
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="gallery-zone">Time zone</InputLabel>
          <Select labelId="gallery-zone" label="Time zone" value={zone} onChange={(e) => setZone(e.target.value)}>
            <MenuItem value={ACCOUNT}>Account setting</MenuItem>
            {zones.map((z) => (
              <MenuItem key={z} value={z}>
                {z}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Choice
          label="P/L colours (saved to your workspace preferences)"
          value={workspace.preferences.pnlColors}
          options={[
            ['green-up', 'Profit green'],
            ['red-up', 'Profit red'],
          ]}
          onChange={(pnlColors: PnlColorScheme) => void workspace.setPreferences({ pnlColors })}
        />
      </Paper>

      <FormatPreferencesProvider value={overrides}>
        <DensityProvider density={density}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Section
              title="Docking workspace"
              hint="Drag tabs between groups, split, resize and close panels; the arrangement is saved for your account."
            >
              <Box sx={{ height: 560 }}>
                <DockWorkspace
                  name="kit-gallery"
                  label="Sample trading workspace"
                  panels={galleryPanels}
                  defaultLayout={galleryDefaultLayout}
                />
              </Box>
            </Section>
            <TableSection />
            <FormattingSection />
            <StatesSection />
          </Box>
        </DensityProvider>
      </FormatPreferencesProvider>
    </Box>
  );
}

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.value}
        aria-label={props.label}
        onChange={(_e, value: T | null) => value && props.onChange(value)}
      >
        {props.options.map(([value, label]) => (
          <ToggleButton key={value} value={value}>
            {label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

function Section(props: { title: string; hint: string; children: ReactNode }) {
  const id = `gallery-${props.title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 1.5, pt: 1.5, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={id} component="h2" variant="h6">
            {props.title}
          </Typography>
          <Chip size="small" label="Sample data" variant="outlined" />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {props.hint}
        </Typography>
      </Box>
      {props.children}
    </Paper>
  );
}

function TableSection() {
  const f = useFormatters();
  const columns = useMemo(() => positionColumns(f), [f]);
  const rows = useMemo(() => samplePositions(10_000), []);
  const [status, setStatus] = useState<DataTableStatus | 'empty'>('ready');
  const [activated, setActivated] = useState<string | null>(null);
  return (
    <Section
      title="Data table"
      hint="10,000 rows, only the visible ones rendered. Sort by a header, drag a header to move it, drag its edge to resize; arrow keys move the focused cell, Enter opens a row."
    >
      <Box sx={{ height: 420, borderTop: 1, borderColor: 'divider' }}>
        <DataTable
          label="Sample positions"
          columns={columns}
          rows={status === 'empty' ? [] : rows}
          getRowId={(p) => p.id}
          status={status === 'empty' ? 'ready' : status}
          error={{ message: 'Sample error: the server could not be reached.', onRetry: () => setStatus('ready') }}
          empty={{ title: 'No open positions.', description: 'Positions you open show here.' }}
          persistKey="kit-gallery.positions"
          exportName="sample-positions"
          onRowActivate={(p) => setActivated(p.id)}
          toolbar={
            <ToggleButtonGroup
              size="small"
              exclusive
              value={status}
              aria-label="Table state"
              onChange={(_e, value: DataTableStatus | 'empty' | null) => value && setStatus(value)}
            >
              <ToggleButton value="ready">Rows</ToggleButton>
              <ToggleButton value="loading">Loading</ToggleButton>
              <ToggleButton value="error">Error</ToggleButton>
              <ToggleButton value="empty">Empty</ToggleButton>
            </ToggleButtonGroup>
          }
        />
      </Box>
      <Typography role="status" variant="body2" sx={{ px: 1.5, py: 1, color: 'text.secondary' }}>
        {activated ? `Opened position ${activated} (Enter or a double click on a row).` : 'No row opened yet.'}
      </Typography>
    </Section>
  );
}

function FormattingSection() {
  const f = useFormatters();
  const instant = '2026-03-02T14:05:09Z';
  const rows: Array<[string, string, ReactNode]> = [
    ['price(1.083456, 5)', 'EURUSD, 5 digits', f.price(1.083456, 5)],
    ['price(151.2, 3)', 'USDJPY, 3 digits', f.price(151.2, 3)],
    ['price(67123.4, 2)', 'BTCUSD, 2 digits', f.price(67123.4, 2)],
    ['money(1234.567, "USD")', 'rounded to cents', f.money(1234.567, 'USD')],
    ['money(1234.5, "JPY")', 'yen have no minor unit', f.money(1234.5, 'JPY')],
    ['moneyMinor(123456, "EUR")', 'from minor units', f.moneyMinor(123456, 'EUR')],
    ['money(1234567, "USD", { compact })', 'compact', f.money(1_234_567, 'USD', { compact: true })],
    ['percent(12.345)', 'points, not a ratio', f.percent(12.345)],
    ['percent(-0.5, { signed })', 'signed', f.percent(-0.5, { signed: true })],
    ['<PnlText value={412.37} currency="USD" />', 'profit', <PnlText key="p" value={412.37} currency="USD" />],
    ['<PnlText value={-98.1} currency="USD" />', 'loss', <PnlText key="l" value={-98.1} currency="USD" />],
    ['<PnlText value={12.3} digits={1} />', 'points', <PnlText key="pt" value={12.3} digits={1} />],
    ['volume(1.5, { unit: "lots" })', 'lots', f.volume(1.5, { unit: 'lots', withUnit: true })],
    [
      'volume(3400000, { unit: "units", compact })',
      'units, compact',
      f.volume(3_400_000, { unit: 'units', compact: true }),
    ],
    ['dateTime(iso)', `${f.preferences.timeZone}, ${f.preferences.timeFormat}`, f.dateTime(instant)],
    ['dateTime(iso, "dateTimeSeconds")', 'with seconds', f.dateTime(instant, 'dateTimeSeconds')],
    ['date(iso) / time(iso)', 'date, time', `${f.date(instant)} / ${f.time(instant)}`],
  ];
  return (
    <Section
      title="Formatting"
      hint="shared/format: pure functions plus useFormatters(), bound to the account's time zone and clock and the P/L colours."
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Formatting examples">
          <TableHead>
            <TableRow>
              <TableCell>Call</TableCell>
              <TableCell>Case</TableCell>
              <TableCell align="right">Shows</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([call, note, shown]) => (
              <TableRow key={call}>
                <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}>{call}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{note}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {shown}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}

function StatesSection() {
  const [retries, setRetries] = useState(0);
  return (
    <Section
      title="States"
      hint="shared/states: empty, loading and error, for panels and tables alike; the inline alert of forms and pages."
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' },
          gap: 1.5,
          p: 1.5,
          pt: 0,
        }}
      >
        <Paper variant="outlined">
          <EmptyState
            title="No open positions."
            description="Positions you open show here."
            action={<Button variant="outlined">Place an order</Button>}
          />
        </Paper>
        <Paper variant="outlined">
          <LoadingState label="Loading positions" />
        </Paper>
        <Paper variant="outlined">
          <LoadingState label="Loading positions" variant="rows" rows={4} />
        </Paper>
        <Paper variant="outlined">
          <ErrorState
            title="The positions could not be loaded."
            message={
              retries === 0
                ? 'Sample error: the server could not be reached.'
                : `Sample error, retried ${retries} times.`
            }
            onRetry={() => setRetries((n) => n + 1)}
          />
        </Paper>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, columnGap: 1.5, px: 1.5 }}>
        <InlineAlert severity="error">The email or password is incorrect.</InlineAlert>
        <InlineAlert severity="warning">Save these codes somewhere safe now: they are not shown again.</InlineAlert>
        <InlineAlert severity="info">This account is already active. Sign in with your email and password.</InlineAlert>
        <InlineAlert severity="success">Your account is active. Welcome aboard!</InlineAlert>
      </Box>
      <Typography variant="body2" sx={{ px: 1.5, pb: 1.5, color: 'text.secondary' }}>
        Each toast variant, with all its parts, is on /dev/toasts.
      </Typography>
    </Section>
  );
}

export { KitGalleryPage as Component };

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { EmptyState } from '../../shared/states/empty-state';
import { type SamplePosition, sampleCalendar, samplePositions } from './sample-data';

/** The columns of the sample positions, formatted with the user's preferences. */
export function positionColumns(f: Formatters): DataTableColumn<SamplePosition>[] {
  return [
    { id: 'id', header: 'Ticket', value: (p) => p.id, width: 96, hideable: false },
    { id: 'symbol', header: 'Symbol', value: (p) => p.symbol, width: 88 },
    { id: 'side', header: 'Side', value: (p) => p.side, width: 64 },
    {
      id: 'volume',
      header: 'Volume (lots)',
      value: (p) => p.volume,
      format: (p) => f.volume(p.volume, { unit: 'lots' }),
      numeric: true,
      width: 112,
    },
    {
      id: 'openPrice',
      header: 'Open price',
      value: (p) => p.openPrice,
      format: (p) => f.price(p.openPrice, p.digits),
      numeric: true,
    },
    {
      id: 'currentPrice',
      header: 'Current price',
      value: (p) => p.currentPrice,
      format: (p) => f.price(p.currentPrice, p.digits),
      numeric: true,
    },
    {
      id: 'pnl',
      header: 'P/L (USD)',
      value: (p) => p.pnl,
      format: (p) => f.pnl(p.pnl, 'USD').text,
      render: (p) => <PnlText value={p.pnl} currency="USD" />,
      numeric: true,
    },
    {
      id: 'openedAt',
      header: 'Opened',
      value: (p) => new Date(p.openedAt),
      format: (p) => f.dateTime(p.openedAt),
      width: 176,
    },
    { id: 'comment', header: 'Comment', value: (p) => p.comment, width: 200 },
  ];
}

/** A price line drawn from a seeded random walk: what a chart panel looks like, without the chart library. */
function SampleChart() {
  const points = useMemo(() => {
    let price = 1.0834;
    let seed = 11;
    return Array.from({ length: 120 }, (_, i) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      price += (seed / 2 ** 32 - 0.5) * 0.0006;
      return [i, price] as const;
    });
  }, []);
  const prices = points.map(([, p]) => p);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const path = points.map(([x, p]) => `${(x / 119) * 100},${40 - ((p - min) / (max - min)) * 36 - 2}`).join(' ');
  const f = useFormatters();
  return (
    <Box sx={{ p: 1.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>EURUSD · 15m</Typography>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{f.price(prices.at(-1), 5)}</Typography>
        <Chip size="small" label="Sample data" variant="outlined" />
      </Box>
      <Box
        component="svg"
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label="Sample EURUSD price line"
        sx={{ flex: 1, width: '100%', minHeight: 80 }}
      >
        <Box
          component="polyline"
          points={path}
          sx={{ fill: 'none', stroke: (t) => t.palette.primary.main, strokeWidth: 0.4 }}
          vectorEffect="non-scaling-stroke"
        />
      </Box>
    </Box>
  );
}

function SampleOrderTicket() {
  const f = useFormatters();
  return (
    <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
      <Typography component="p" variant="subtitle2">
        EURUSD market order
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, fontVariantNumeric: 'tabular-nums' }}>
        <span>Bid {f.price(1.08341, 5)}</span>
        <span>Ask {f.price(1.08349, 5)}</span>
      </Box>
      <TextField label="Volume (lots)" defaultValue="0.10" size="small" />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" color="success" disabled fullWidth>
          Buy
        </Button>
        <Button variant="contained" color="error" disabled fullWidth>
          Sell
        </Button>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Sample panel: it places no order.
      </Typography>
    </Box>
  );
}

function SampleMetrics() {
  const f = useFormatters();
  const rows: Array<[string, ReactNode]> = [
    ['Balance', f.money(25_000, 'USD')],
    ['Equity', f.money(25_412.37, 'USD')],
    ['Today', <PnlText key="today" value={412.37} currency="USD" />],
    ['Win rate', f.percent(56.25, { digits: 1 })],
    ['Max drawdown', f.percent(-4.8, { signed: true })],
    ['Traded volume', f.volume(1_234_567, { unit: 'units', compact: true })],
  ];
  return (
    <Box component="dl" sx={{ m: 0, p: 1.5, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function SampleCalendar() {
  const f = useFormatters();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {sampleCalendar.map((event) => (
        <Box component="li" key={event.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5 }}>
          <Box component="time" dateTime={event.time} sx={{ minWidth: 150, fontVariantNumeric: 'tabular-nums' }}>
            {f.dateTime(event.time)}
          </Box>
          <Chip size="small" label={event.country} />
          <Box sx={{ flex: 1 }}>{event.title}</Box>
          <Chip
            size="small"
            variant="outlined"
            label={event.impact}
            color={event.impact === 'High' ? 'error' : event.impact === 'Medium' ? 'warning' : 'default'}
          />
        </Box>
      ))}
    </Box>
  );
}

function SamplePositionsPanel() {
  const f = useFormatters();
  const columns = useMemo(() => positionColumns(f), [f]);
  const rows = useMemo(() => samplePositions(200, 3), []);
  return (
    <DataTable
      label="Sample open positions"
      columns={columns}
      rows={rows}
      getRowId={(p) => p.id}
      persistKey="kit-gallery.dock-positions"
      initialSort={[{ id: 'openedAt', desc: true }]}
    />
  );
}

/** The gallery workspace's panels: one of each screen the kit is for. */
export const galleryPanels = [
  { id: 'chart', title: 'Chart', render: () => <SampleChart /> },
  { id: 'order', title: 'Order', render: () => <SampleOrderTicket /> },
  { id: 'positions', title: 'Positions', render: () => <SamplePositionsPanel /> },
  { id: 'metrics', title: 'Metrics', render: () => <SampleMetrics /> },
  {
    id: 'journal',
    title: 'Journal',
    render: () => (
      <EmptyState
        title="No journal entries yet."
        description="Notes you write about your trades show here."
        action={<Button disabled>New entry</Button>}
      />
    ),
  },
  { id: 'calendar', title: 'Calendar', render: () => <SampleCalendar /> },
];

export const galleryDefaultLayout = [
  { panel: 'chart' },
  { panel: 'order', position: { referencePanel: 'chart', direction: 'right' as const }, size: 280 },
  { panel: 'metrics', position: { referencePanel: 'order', direction: 'below' as const }, size: 220 },
  { panel: 'positions', position: { referencePanel: 'chart', direction: 'below' as const }, size: 240 },
  { panel: 'journal', position: { referencePanel: 'positions', direction: 'within' as const } },
  { panel: 'calendar', position: { referencePanel: 'positions', direction: 'within' as const } },
];

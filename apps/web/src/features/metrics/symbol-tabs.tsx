import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MetricsResponse } from '@tradedesk/contracts';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { BucketPanel, MetricsPanel } from './bucket-panel';
import { FigureTiles, overviewTiles, ShownValue, unsignedTiles } from './figure-tiles';
import { bucketShown, type Display, hourLabel, unitLabel, weekdayLabels } from './metric-values';
import { holdingBuckets, type Open, type TabProps, twoColumns } from './metrics-tabs';

type SymbolRow = MetricsResponse['symbols'][number];

export function SymbolsTab(props: TabProps & { onDetail: (symbol: string) => void }) {
  const { data, display } = props;
  const f = useFormatters();
  const columns = useMemo<DataTableColumn<SymbolRow>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (s) => s.symbol, hideable: false, width: 100 },
      { id: 'count', header: 'Trades', numeric: true, value: (s) => s.count, width: 80 },
      {
        id: 'winRate',
        header: 'Win rate',
        numeric: true,
        width: 90,
        value: (s) => s.winRate,
        format: (s) => f.percent(s.winRate, { digits: 1 }),
      },
      {
        id: 'pnl',
        header: `${display.basis === 'net' ? 'Net' : 'Gross'} (${unitLabel(display)})`,
        numeric: true,
        width: 140,
        value: (s) => (display.basis === 'net' ? s.net : s.gross),
        format: (s) => bucketShown(f, s, display).text,
        render: (s) => <ShownValue value={bucketShown(f, s, display)} signed />,
      },
      {
        id: 'pf',
        header: 'Profit factor',
        numeric: true,
        width: 110,
        value: (s) => s.profitFactor,
        format: (s) => (s.profitFactor === null ? '—' : f.price(s.profitFactor, 2)),
      },
      {
        id: 'avg',
        header: 'Average net',
        numeric: true,
        width: 130,
        value: (s) => s.averageNet,
        format: (s) => f.pnl(s.averageNet, display.currency).text,
      },
      {
        id: 'long',
        header: 'Long',
        numeric: true,
        width: 165,
        value: (s) => s.long.net,
        format: (s) => `${f.pnl(s.long.net, display.currency).text} (${s.long.count})`,
      },
      {
        id: 'short',
        header: 'Short',
        numeric: true,
        width: 165,
        value: (s) => s.short.net,
        format: (s) => `${f.pnl(s.short.net, display.currency).text} (${s.short.count})`,
      },
      {
        id: 'costs',
        header: 'Costs',
        numeric: true,
        width: 120,
        value: (s) => s.commission + s.swap,
        format: (s) => f.money(s.commission + s.swap, display.currency),
      },
    ],
    [f, display],
  );
  return (
    <MetricsPanel title="Symbols">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Enter or a double click opens a symbol in detail.
      </Typography>
      <Box sx={{ height: Math.min(520, 64 + data.symbols.length * 36), minHeight: 200 }}>
        <DataTable
          label="Symbols"
          columns={columns}
          rows={data.symbols}
          getRowId={(s) => s.symbol}
          status="ready"
          empty={{ title: 'No symbols traded in this period.' }}
          onRowActivate={(s) => props.onDetail(s.symbol)}
          persistKey="metrics.symbols"
          exportName="metrics-symbols"
          initialSort={[{ id: 'pnl', desc: true }]}
        />
      </Box>
    </MetricsPanel>
  );
}

export function SymbolTab(props: {
  symbols: string[];
  detail: string;
  onDetail: (symbol: string) => void;
  query: {
    data?: MetricsResponse;
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => void;
  };
  display: Display;
  onOpen: Open;
}) {
  const f = useFormatters();
  const { query, display, onOpen } = props;
  const s = query.data?.symbol ?? null;
  const byHour = useMemo(() => (s ? s.byHour.map((b) => ({ label: hourLabel(b.hour), bucket: b })) : []), [s]);
  const days = useMemo(
    () => (s ? s.dayOfWeek.map((b) => ({ label: weekdayLabels[b.weekday - 1] ?? String(b.weekday), bucket: b })) : []),
    [s],
  );
  const hodl = useMemo(() => (s ? holdingBuckets(s.hodl) : []), [s]);
  const options = [...new Set([...(props.detail ? [props.detail] : []), ...props.symbols])].sort();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        size="small"
        select
        label="Symbol in detail"
        value={props.detail}
        onChange={(e) => props.onDetail(e.target.value)}
        sx={{ width: 200 }}
        disabled={options.length === 0}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
      {!props.detail ? (
        <EmptyState title="No symbol traded in this period." />
      ) : query.isLoading ? (
        <LoadingState label={`Loading ${props.detail}`} />
      ) : query.isError || !s ? (
        <ErrorState
          title={`The figures of ${props.detail} could not be loaded.`}
          message={(query.error as { message?: string } | undefined)?.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <FigureTiles
            label={`${s.symbol} figures`}
            tiles={overviewTiles(f, s.overview, display)}
            unsigned={unsignedTiles}
          />
          <Box sx={twoColumns}>
            <BucketPanel title={`${s.symbol} by hour of day`} buckets={byHour} display={display} onOpen={onOpen} />
            <BucketPanel title={`${s.symbol} by day of week`} buckets={days} display={display} onOpen={onOpen} />
          </Box>
          <BucketPanel
            title={`${s.symbol} by holding time`}
            buckets={hodl}
            display={display}
            measure="count"
            onOpen={onOpen}
          />
        </>
      )}
    </Box>
  );
}

import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { DensityProvider, densityMetrics } from '../../shared/density/density';
import { useFormatters } from '../../shared/format/format-preferences';
import type { WsClient } from '../../shared/ws/ws-client';
import { LiveFeed, type LiveValues } from './live-values';

export type WatchRow = { id: string; ticker: string; source: string; name: string; digits: number };

type Computed = WatchRow & {
  bid?: number;
  ask?: number;
  change?: number;
  changePercent?: number;
  /** The last prices are shown while the quotes reconnect. */
  stale: boolean;
};

function compute(row: WatchRow, values: LiveValues | undefined): Computed {
  const bid = values?.bid;
  const prev = values?.previousClose;
  const change = bid !== undefined && prev !== undefined ? bid - prev : undefined;
  const changePercent = change !== undefined && prev ? (change / prev) * 100 : undefined;
  return {
    ...row,
    bid,
    ask: values?.ask,
    change,
    changePercent,
    stale: values?.status === 'loading' && bid !== undefined,
  };
}

/** Rows the table shows at most before it scrolls (it virtualises beyond). */
const VISIBLE_ROWS = 14;

/**
 * A watchlist's symbols on the kit's DataTable, with live bid, ask, change and change % (simulated market):
 * sorting by any header, keyboard grid, CSV export, virtual rows. In the list's own order (no sort) rows are
 * dragged, or moved with Alt+Up/Down, and `onReorder` gets every id in the new order. Enter or a double click
 * opens the symbol. `live` false shows no prices. On a phone the name and the absolute change step aside (the
 * columns menu brings them back) so the prices fit without scrolling sideways.
 */
export function WatchlistTable(props: {
  label: string;
  rows: WatchRow[];
  live: boolean;
  onReorder?: (ids: string[]) => void;
  onRemove?: (row: WatchRow) => void;
  onOpen?: (row: WatchRow) => void;
  /** File name of the CSV export (without .csv). */
  exportName?: string;
  /** The WebSocket for live prices (a signed-out visitor's guest connection); the app's own by default. */
  client?: WsClient;
}) {
  const { rows, live, onRemove } = props;
  const [values, setValues] = useState<Record<string, LiveValues>>({});
  const f = useFormatters();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // A trading screen's table: compact rows, so a phone fits symbol, bid and change % side by side.
  const metrics = densityMetrics.compact;

  const onValues = useCallback((ticker: string, v: LiveValues) => setValues((all) => ({ ...all, [ticker]: v })), []);
  const shown = useMemo(() => rows.map((r) => compute(r, values[r.ticker])), [rows, values]);

  const columns = useMemo((): DataTableColumn<Computed>[] => {
    const colorOf = (row: Computed) =>
      row.change === undefined || row.change === 0 ? undefined : f.pnlColor(row.change > 0 ? 'up' : 'down');
    const price = (id: 'bid' | 'ask', header: string): DataTableColumn<Computed> => ({
      id,
      header,
      numeric: true,
      width: narrow ? 92 : 112,
      value: (r) => r[id],
      format: (r) => f.price(r[id], r.digits),
      render: (r) => (
        <Box component="span" sx={r.stale ? { color: 'text.disabled' } : undefined}>
          {f.price(r[id], r.digits)}
        </Box>
      ),
    });
    const list: DataTableColumn<Computed>[] = [
      {
        id: 'ticker',
        header: 'Symbol',
        value: (r) => r.ticker,
        hideable: false,
        width: narrow ? 84 : 104,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 600 }}>
            {r.ticker}
          </Box>
        ),
      },
    ];
    if (!narrow) list.push({ id: 'name', header: 'Name', value: (r) => r.name, width: 220 });
    if (live) {
      list.push(price('bid', 'Bid'));
      if (!narrow) list.push(price('ask', 'Ask'));
      if (!narrow) {
        list.push({
          id: 'change',
          header: 'Change',
          numeric: true,
          width: 104,
          value: (r) => r.change,
          format: (r) => (r.change === undefined ? '—' : `${r.change > 0 ? '+' : ''}${f.price(r.change, r.digits)}`),
          render: (r) => (
            <Box component="span" sx={{ color: colorOf(r) }}>
              {r.change === undefined ? '—' : `${r.change > 0 ? '+' : ''}${f.price(r.change, r.digits)}`}
            </Box>
          ),
        });
      }
      list.push({
        id: 'changePercent',
        header: narrow ? 'Chg %' : 'Change %',
        numeric: true,
        width: narrow ? 80 : 96,
        value: (r) => r.changePercent,
        format: (r) => f.percent(r.changePercent, { signed: true }),
        render: (r) => (
          <Box component="span" sx={{ color: colorOf(r) }}>
            {f.percent(r.changePercent, { signed: true })}
          </Box>
        ),
      });
    }
    if (onRemove) {
      list.push({
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        value: () => null,
        sortable: false,
        hideable: false,
        exported: false,
        width: 48,
        minWidth: 48,
        render: (r) => (
          <IconButton
            size="small"
            aria-label={`Remove ${r.ticker}`}
            onClick={() => onRemove(r)}
            // The button's own keys (Enter, Space) press it rather than open the row.
            onKeyDown={(e) => e.stopPropagation()}
            sx={{ p: '3px', my: -0.5 }}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        ),
      });
    }
    return list;
  }, [f, narrow, live, onRemove]);

  const height =
    metrics.headerHeight + 6 + metrics.headerHeight + Math.min(rows.length, VISIBLE_ROWS) * metrics.rowHeight + 2;

  return (
    <>
      {live && rows.map((r) => <LiveFeed key={r.ticker} ticker={r.ticker} onValues={onValues} client={props.client} />)}
      <DensityProvider density="compact">
        <DataTable
          label={props.label}
          columns={columns}
          rows={shown}
          getRowId={(r) => r.id}
          rowTestId={(r) => `watch-row-${r.ticker}`}
          height={height}
          exportName={props.exportName}
          exportValues="formatted"
          onReorderRows={props.onReorder}
          onRowActivate={props.onOpen}
        />
      </DensityProvider>
    </>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import EditIcon from '@mui/icons-material/Edit';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { contractOf } from './position-math';

export type PositionAction = 'close' | 'partial' | 'modify' | 'details';

const sideLabel = (side: 'buy' | 'sell') => (side === 'buy' ? 'Buy' : 'Sell');

function priceColumn<Row extends { symbol: string }>(
  f: Formatters,
  id: string,
  header: string,
  value: (row: Row) => number | null,
): DataTableColumn<Row> {
  return {
    id,
    header,
    numeric: true,
    width: 100,
    value,
    format: (row) => f.price(value(row), contractOf(row.symbol).digits),
  };
}

function ActionButton(props: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" aria-label={props.label} onClick={props.onClick}>
        {props.children}
      </IconButton>
    </Tooltip>
  );
}

/** The open positions of the active account, P/L live from the account channel. */
export function PositionsTable(props: {
  positions: readonly TradingPosition[];
  currency: string;
  status: 'ready' | 'loading' | 'error';
  error?: { message?: string; onRetry?: () => void };
  onAction: (action: PositionAction, position: TradingPosition) => void;
  height?: number | string;
  /** Keep the column layout per user (default true; tests render without the user-data store). */
  persist?: boolean;
}) {
  const f = useFormatters();
  const { currency, onAction } = props;
  const columns = useMemo<DataTableColumn<TradingPosition>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (p) => p.symbol, hideable: false, width: 100 },
      { id: 'side', header: 'Side', value: (p) => sideLabel(p.side), width: 70 },
      {
        id: 'volume',
        header: 'Volume',
        numeric: true,
        width: 80,
        value: (p) => p.volume,
        format: (p) => f.volume(p.volume, { unit: 'lots' }),
      },
      priceColumn(f, 'entry', 'Entry', (p) => p.openPrice),
      priceColumn(f, 'current', 'Current', (p) => p.currentPrice),
      priceColumn(f, 'sl', 'SL', (p) => p.stopLoss),
      priceColumn(f, 'tp', 'TP', (p) => p.takeProfit),
      {
        id: 'swap',
        header: 'Swap',
        numeric: true,
        width: 90,
        value: (p) => p.swap,
        format: (p) => f.money(p.swap, currency),
      },
      {
        id: 'commission',
        header: 'Commission',
        numeric: true,
        width: 100,
        value: (p) => p.commission,
        format: (p) => f.money(p.commission, currency),
      },
      {
        id: 'pnl',
        header: 'P/L',
        numeric: true,
        width: 110,
        value: (p) => p.upl,
        format: (p) => f.pnl(p.upl, currency).text,
        render: (p) => <PnlText value={p.upl} currency={currency} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        width: 150,
        sortable: false,
        hideable: false,
        value: () => '',
        csv: () => '',
        render: (p) => (
          <Box sx={{ display: 'flex', gap: 0.25 }}>
            <ActionButton label={`Modify ${p.symbol} position`} onClick={() => onAction('modify', p)}>
              <EditIcon fontSize="small" />
            </ActionButton>
            <ActionButton label={`Close part of ${p.symbol} position`} onClick={() => onAction('partial', p)}>
              <ContentCutIcon fontSize="small" />
            </ActionButton>
            <ActionButton label={`Close ${p.symbol} position`} onClick={() => onAction('close', p)}>
              <CloseIcon fontSize="small" />
            </ActionButton>
            <ActionButton label={`Details of ${p.symbol} position`} onClick={() => onAction('details', p)}>
              <InfoOutlinedIcon fontSize="small" />
            </ActionButton>
          </Box>
        ),
      },
    ],
    [f, currency, onAction],
  );
  return (
    <DataTable
      label="Open positions"
      columns={columns}
      rows={props.positions}
      getRowId={(p) => p.id}
      status={props.status}
      error={props.error}
      empty={{
        title: 'No open positions',
        description: 'Positions you open from the chart or the order panel show here.',
      }}
      onRowActivate={(p) => onAction('details', p)}
      persistKey={props.persist === false ? undefined : 'positions.open'}
      exportName="open-positions"
      height={props.height}
    />
  );
}

const orderTypeLabel: Record<TradingOrder['type'], string> = {
  market: 'Market',
  limit: 'Limit',
  stop: 'Stop',
  stop_limit: 'Stop limit',
};

/** The pending orders of the active account. */
export function PendingOrdersTable(props: {
  orders: readonly TradingOrder[];
  status: 'ready' | 'loading' | 'error';
  onCancel: (order: TradingOrder) => void;
  height?: number | string;
}) {
  const f = useFormatters();
  const { onCancel } = props;
  const columns = useMemo<DataTableColumn<TradingOrder>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (o) => o.symbol, hideable: false, width: 100 },
      { id: 'side', header: 'Side', value: (o) => sideLabel(o.side), width: 70 },
      { id: 'type', header: 'Type', value: (o) => orderTypeLabel[o.type], width: 90 },
      {
        id: 'size',
        header: 'Volume',
        numeric: true,
        width: 80,
        value: (o) => o.size,
        format: (o) => f.volume(o.size, { unit: 'lots' }),
      },
      priceColumn(f, 'trigger', 'Price', (o) => o.triggerPrice ?? o.limitPrice),
      priceColumn(f, 'limit', 'Limit', (o) => (o.type === 'stop_limit' ? o.limitPrice : null)),
      priceColumn(f, 'sl', 'SL', (o) => o.stopLoss),
      priceColumn(f, 'tp', 'TP', (o) => o.takeProfit),
      {
        id: 'expiry',
        header: 'Expiry',
        width: 140,
        value: (o) => o.expiresAt ?? o.expiry,
        format: (o) =>
          o.expiry === 'gtc' ? 'Until cancelled' : o.expiry === 'day' ? 'End of day' : f.dateTime(o.expiresAt),
      },
      {
        id: 'created',
        header: 'Placed',
        width: 150,
        value: (o) => new Date(o.createdAt),
        format: (o) => f.dateTime(o.createdAt),
      },
      {
        id: 'actions',
        header: 'Actions',
        width: 80,
        sortable: false,
        hideable: false,
        value: () => '',
        csv: () => '',
        render: (o) => (
          <ActionButton label={`Cancel ${o.symbol} order`} onClick={() => onCancel(o)}>
            <CloseIcon fontSize="small" />
          </ActionButton>
        ),
      },
    ],
    [f, onCancel],
  );
  return (
    <DataTable
      label="Pending orders"
      columns={columns}
      rows={props.orders}
      getRowId={(o) => o.id}
      status={props.status}
      empty={{
        title: 'No pending orders',
        description: 'Limit, stop and stop-limit orders wait here until they fill.',
      }}
      persistKey="positions.orders"
      exportName="pending-orders"
      height={props.height}
    />
  );
}

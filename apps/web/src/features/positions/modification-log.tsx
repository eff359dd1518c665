import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TradingDeal } from '@tradedesk/contracts';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import type { TradingModification } from '../trading';

const fieldLabels: Record<string, string> = {
  stop_loss: 'Stop loss',
  stopLoss: 'Stop loss',
  take_profit: 'Take profit',
  takeProfit: 'Take profit',
  trailing_stop_points: 'Trailing stop (points)',
  trailingStopPoints: 'Trailing stop (points)',
  trigger_price: 'Price',
  triggerPrice: 'Price',
  limit_price: 'Limit price',
  limitPrice: 'Limit price',
  size: 'Volume',
  volume: 'Volume',
};

const sourceLabels: Record<TradingModification['source'], string> = {
  client: 'You',
  trailing_stop: 'Trailing stop',
  server: 'Server',
};

/** A field's name as a trader reads it: "Stop loss" for stop_loss. */
export function fieldLabel(field: string): string {
  return fieldLabels[field] ?? field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** The modification log (view main): every change of a position's or order's levels, oldest first. */
export function ModificationLog(props: { modifications: readonly TradingModification[]; digits: number }) {
  const f = useFormatters();
  if (props.modifications.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        No modifications: the levels are as the order set them.
      </Typography>
    );
  }
  const value = (field: string, v: number | null) =>
    v === null ? 'None' : field.toLowerCase().includes('trailing') ? String(v) : f.price(v, props.digits);
  return (
    <Table size="small" aria-label="Modification log">
      <TableHead>
        <TableRow>
          <TableCell>Time</TableCell>
          <TableCell>Field</TableCell>
          <TableCell align="right">From</TableCell>
          <TableCell align="right">To</TableCell>
          <TableCell>By</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.modifications.map((m) => (
          <TableRow key={m.id}>
            <TableCell>{f.dateTime(m.time)}</TableCell>
            <TableCell>{fieldLabel(m.field)}</TableCell>
            <TableCell align="right">{value(m.field, m.oldValue)}</TableCell>
            <TableCell align="right">{value(m.field, m.newValue)}</TableCell>
            <TableCell>{sourceLabels[m.source] ?? m.source}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const reasonLabels: Record<TradingDeal['reason'], string> = {
  client: 'You',
  pending_order: 'Pending order',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  stop_out: 'Stop out',
  netting: 'Netting',
  close_by: 'Close by',
  rollover: 'Rollover',
  rule_breach: 'Challenge rule breached',
  phase_passed: 'Challenge phase passed',
  import: 'Imported',
};

/** The deals a trade booked: entry, exits, commission and swap, with the balance after each. */
export function DealsTable(props: { deals: readonly TradingDeal[]; digits: number; currency: string }) {
  const f = useFormatters();
  return (
    <Table size="small" aria-label="Deals">
      <TableHead>
        <TableRow>
          <TableCell>Time</TableCell>
          <TableCell>Deal</TableCell>
          <TableCell align="right">Volume</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Balance</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.deals.map((d) => (
          <TableRow key={d.id}>
            <TableCell>{f.dateTime(d.time)}</TableCell>
            <TableCell>
              {d.kind === 'trade'
                ? `${d.side === 'buy' ? 'Buy' : 'Sell'} ${d.entry === 'in' ? 'in' : 'out'}${d.gap ? ' (gap)' : ''}`
                : d.kind.replace(/^./, (c) => c.toUpperCase())}
            </TableCell>
            <TableCell align="right">{d.volume === null ? '' : f.volume(d.volume, { unit: 'lots' })}</TableCell>
            <TableCell align="right">{d.price === null ? '' : f.price(d.price, props.digits)}</TableCell>
            <TableCell align="right">
              <PnlText value={d.amount} currency={props.currency} />
            </TableCell>
            <TableCell align="right">{f.money(d.balanceAfter, props.currency)}</TableCell>
            <TableCell>{reasonLabels[d.reason] ?? d.reason}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TradingPosition } from '@tradedesk/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useTradeDetailQuery } from '../trading';
import { DealsTable, ModificationLog } from './modification-log';
import { contractOf, stopLossRisk } from './position-math';

function Figure(props: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {props.label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {props.children}
      </Typography>
    </Box>
  );
}

/**
 * The stop-loss panel (tab details): how far the stop is from the entry and from the price now, in pips, and
 * what the position books if it is hit, in money and as a share of the balance.
 */
export function StopLossPanel(props: { position: TradingPosition; currency: string; balance: number | null }) {
  const f = useFormatters();
  const { position: p } = props;
  const spec = contractOf(p.symbol);
  const risk = stopLossRisk(p, spec, props.currency, props.balance);
  if (!risk) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        No stop loss: the position's loss is not limited. Set one with Modify.
      </Typography>
    );
  }
  const loss = risk.resultAtStop !== null && risk.resultAtStop < 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2, py: 1 }}>
      <Figure label="Stop loss">{f.price(p.stopLoss, spec.digits)}</Figure>
      <Figure label="Distance from entry">{risk.pipsFromEntry} pips</Figure>
      <Figure label="Distance from the price now">
        {risk.pipsFromCurrent === null ? '—' : `${risk.pipsFromCurrent} pips`}
      </Figure>
      <Figure label={loss ? 'Money at risk' : 'Locked in at the stop'}>
        {risk.resultAtStop === null ? (
          'Known once the price moves'
        ) : (
          <PnlText value={risk.resultAtStop} currency={props.currency} />
        )}
      </Figure>
      <Figure label="Of the balance">{risk.percentOfBalance === null ? '—' : f.percent(risk.percentOfBalance)}</Figure>
    </Box>
  );
}

/** A position's details: tab main (its modification log and deals) and tab details (the stop-loss panel). */
export function PositionDetailDialog(props: {
  accountId: string;
  position: TradingPosition;
  currency: string;
  balance: number | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const f = useFormatters();
  const [tab, setTab] = useState<'main' | 'details'>('main');
  const { position: p } = props;
  const digits = contractOf(p.symbol).digits;
  const detail = useTradeDetailQuery({ account: props.accountId, tradeId: p.id });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {p.side === 'buy' ? 'Buy' : 'Sell'} {f.volume(p.volume, { unit: 'lots' })} {p.symbol} at{' '}
        {f.price(p.openPrice, digits)}
        <Typography variant="body2" component="span" sx={{ ml: 1.5 }}>
          P/L <PnlText value={p.upl} currency={props.currency} />
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Position views">
          <Tab value="main" label="Modification log" />
          <Tab value="details" label="Stop loss" />
        </Tabs>
        {tab === 'main' ? (
          detail.isLoading ? (
            <LoadingState label="Loading the modification log" />
          ) : detail.isError || !detail.data ? (
            <ErrorState title="The modification log did not load" onRetry={() => detail.refetch()} />
          ) : (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <ModificationLog modifications={detail.data.modifications} digits={digits} />
              <Typography variant="subtitle2" component="h3">
                Deals
              </Typography>
              <DealsTable deals={detail.data.deals} digits={digits} currency={props.currency} />
            </Box>
          )
        ) : (
          <StopLossPanel position={p} currency={props.currency} balance={props.balance} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

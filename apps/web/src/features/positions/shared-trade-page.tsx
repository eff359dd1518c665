import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SharedTrade } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { contractOf } from './position-math';
import { useSharedTradeQuery } from './positions-api';
import { TradeChart } from './trade-chart';
import { closeReasonLabel } from './trade-history';

function Figure(props: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {props.label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {props.children}
      </Typography>
    </Box>
  );
}

/** The public card of a shared trade: its figures and a small chart of its window with entry and exit marked. */
export function SharedTradeCard(props: { trade: SharedTrade }) {
  const f = useFormatters();
  const t = props.trade;
  const digits = contractOf(t.symbol).digits;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        <Figure label="Entry">{f.price(t.entryPrice, digits)}</Figure>
        <Figure label="Exit">{f.price(t.exitPrice, digits)}</Figure>
        <Figure label="Pips">
          <PnlText value={t.pips} digits={1} />
        </Figure>
        <Figure label="R multiple">{t.rMultiple === null ? 'No stop loss' : `${t.rMultiple.toFixed(2)} R`}</Figure>
        <Figure label="Of the balance">
          {t.percentOfBalance === null ? '—' : <PnlText value={t.percentOfBalance} digits={2} />}
          {t.percentOfBalance === null ? '' : ' %'}
        </Figure>
        {t.money && (
          <Figure label="Result">
            <PnlText value={t.money.net} currency={t.money.currency} />
          </Figure>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Opened {f.dateTime(t.openedAt)}, closed {f.dateTime(t.closedAt)}
        {t.closeReason ? ` (${closeReasonLabel(t.closeReason).toLowerCase()})` : ''}.
      </Typography>
      <TradeChart
        height={300}
        trade={{
          symbol: t.symbol,
          side: t.side,
          entryTime: t.openedAt,
          entryPrice: t.entryPrice,
          exitTime: t.closedAt,
          exitPrice: t.exitPrice,
          stopLoss: t.stopLoss,
          takeProfit: t.takeProfit,
        }}
      />
      <Typography variant="caption" color="text.secondary">
        Prices: Simulated market.
      </Typography>
    </Paper>
  );
}

/** /shared/trades/:token: a shared closed trade, for anyone with the link (signed out too). */
export function Component() {
  const { token = '' } = useParams();
  const shared = useSharedTradeQuery(token);
  let body: ReactNode;
  if (shared.isLoading) body = <LoadingState label="Loading the trade" />;
  else if (shared.isError) {
    const error = shared.error as ApiError | undefined;
    body =
      error?.status === 404 ? (
        <EmptyState title="This link does not work." description="The owner stopped sharing the trade." />
      ) : (
        <ErrorState
          title="The trade could not be loaded."
          message={error?.message}
          onRetry={() => void shared.refetch()}
        />
      );
  } else if (shared.data) body = <SharedTradeCard trade={shared.data} />;
  const t = shared.data;
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 960, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t ? `${t.side === 'buy' ? 'Buy' : 'Sell'} ${t.symbol}` : 'Shared trade'}
        </Typography>
        <Chip size="small" label="Read-only" variant="outlined" />
        <Chip size="small" label="Simulated market" variant="outlined" />
      </Box>
      {body}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { JournalTrade } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { CASE_STUDIES_PAGE, useStrategyTradesQuery } from './strategies-api';
import { listOf, useLoggedFailure } from './use-logged-failure';

// The positions screen's trade chart (lightweight-charts), in its own chunk.
const TradeChart = lazy(() => import('../positions/trade-chart').then((m) => ({ default: m.TradeChart })));

/**
 * The case studies tab: the user's trades linked to this strategy in the journal, newest first, each with a
 * small chart of its window and its entry and exit marked.
 */
export function CaseStudies(props: { strategyId: string }) {
  const [page, setPage] = useState(1);
  const query = useStrategyTradesQuery({ strategyId: props.strategyId, page });
  useLoggedFailure(query.error, "The strategy's case studies");
  const trades = listOf(query.data?.trades, query.isError);
  const pages = query.data && !query.isError ? Math.max(1, Math.ceil(query.data.total / CASE_STUDIES_PAGE)) : 1;

  if (query.isLoading) return <LoadingState label="Loading the case studies" />;
  if (query.isError)
    return (
      <ErrorState
        title="The case studies could not be loaded."
        message={(query.error as { message?: string } | undefined)?.message || undefined}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (trades.length === 0)
    return (
      <EmptyState
        title="No trades linked to this strategy yet."
        description="In the journal, link a closed trade to this strategy: it shows here with its chart, as a case study."
      />
    );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, pt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {query.data?.total} {query.data?.total === 1 ? 'trade' : 'trades'} linked to this strategy in the journal,
        newest first.
      </Typography>
      <Box
        component="ul"
        aria-label="Case studies"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {trades.map((t) => (
          <CaseStudy key={t.positionId} trade={t} />
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          size="small"
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          sx={{ display: 'flex', justifyContent: 'center' }}
        />
      )}
    </Box>
  );
}

function CaseStudy(props: { trade: JournalTrade }) {
  const { trade: t } = props;
  const f = useFormatters();
  const digits = findInstrument(t.symbol.includes(':') ? t.symbol.split(':')[1]! : t.symbol)?.digits ?? 5;
  const buy = t.direction === 'long';
  const title = `${buy ? 'Buy' : 'Sell'} ${t.symbol} ${t.volume} ${t.volume === 1 ? 'lot' : 'lots'}, closed ${f.dateTime(t.closedAt)}`;
  return (
    <Paper component="li" variant="outlined" aria-label={title} sx={{ listStyle: 'none', p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" label={buy ? 'Buy' : 'Sell'} color={buy ? 'primary' : 'warning'} variant="outlined" />
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t.symbol} · {t.volume} {t.volume === 1 ? 'lot' : 'lots'}
        </Typography>
        <PnlText value={Number(t.net)} currency={t.currency} />
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        {f.dateTime(t.openedAt)} at {f.price(t.openPrice, digits)} → {f.dateTime(t.closedAt)} at{' '}
        {f.price(t.closePrice, digits)}
        {t.annotation?.rating ? ` · rated ${t.annotation.rating} of 5` : ''}
      </Typography>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        <TradeChart
          height={200}
          trade={{
            symbol: t.symbol,
            side: buy ? 'buy' : 'sell',
            entryTime: t.openedAt,
            entryPrice: t.openPrice,
            exitTime: t.closedAt,
            exitPrice: t.closePrice,
          }}
        />
      </Suspense>
      <Box sx={{ mt: 1 }}>
        <Button component={RouterLink} to={`/journal?month=${t.date.slice(0, 7)}&day=${t.date}`} size="small">
          Open the day in the journal
        </Button>
      </Box>
    </Paper>
  );
}

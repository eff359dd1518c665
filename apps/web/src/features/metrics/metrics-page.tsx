import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MetricsBucket, MetricsResponse, MetricsSession, MetricsTrade } from '@tradedesk/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { useJournalApproachOptionsQuery } from '../journal/strategy-options-api';
import { useActiveAccount } from '../trading';
import { BucketTradesDialog, tradeHistoryHref } from './bucket-trades-dialog';
import { GeneralTab } from './general-tab';
import type { Display } from './metric-values';
import { type MetricsArgs, useMetricsQuery, useStrategyNamesQuery } from './metrics-api';
import { clearedFilters, DisplaySwitches, filtered, MetricsFilters } from './metrics-filters';
import { DailyPerfTab, DayOfWeekTab, HodlTab, OverviewTab, TimeAnalysisTab } from './metrics-tabs';
import {
  dayIn,
  type MetricsView,
  paramsOf,
  rangeDays,
  type SubTab,
  subTabLabels,
  subTabs,
  viewOf,
} from './metrics-url';
import { SymbolsTab, SymbolTab } from './symbol-tabs';

/** The display switches applied to an answer. */
function displayOf(data: MetricsResponse | undefined, view: MetricsView): Display | null {
  if (!data) return null;
  return {
    unit: view.unit,
    basis: view.basis,
    currency: data.currency,
    startingBalance: data.overview.startingBalance,
    trades: new Map(data.trades.map((t) => [t.id, t])),
  };
}

const errorMessage = (error: unknown) => (error as { message?: string } | undefined)?.message;

/** The metrics screen (spec section 2 "Metrics"); its state lives in the address (metrics-url.ts). */
export function MetricsScreen() {
  const navigate = useNavigate();
  const openTrade = useCallback((t: MetricsTrade) => navigate(tradeHistoryHref(t)), [navigate]);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewOf(params), [params]);
  const setView = useCallback(
    (patch: Partial<MetricsView>) => setParams((p) => paramsOf({ ...viewOf(p), ...patch }), { replace: true }),
    [setParams],
  );
  const f = useFormatters();
  const active = useActiveAccount();
  // The active account by default; closed trades need no connection, so without one the first open account.
  const account = view.account || active.account?.id || active.accounts.find((a) => a.status !== 'archived')?.id || '';
  const timeZone = f.preferences.timeZone;
  const days = rangeDays(view, dayIn(new Date(), timeZone));
  const args: MetricsArgs = {
    account,
    from: days.from ?? undefined,
    to: days.to ?? undefined,
    symbol: view.symbol || undefined,
    direction: view.direction || undefined,
    session: (view.session || undefined) as MetricsSession | undefined,
    strategy: view.strategy || undefined,
    approach: view.approach || undefined,
    checklist_item: view.checklistItem || undefined,
    checklist: view.checklistItem ? view.checklist || undefined : undefined,
    reviewed: view.reviewed || undefined,
    discipline: view.discipline || undefined,
    tz: timeZone,
  };
  const badRange = Boolean(days.from && days.to && days.to < days.from);
  const query = useMetricsQuery(args, { skip: !account || badRange });
  const data = query.data;
  const display = useMemo(() => displayOf(data, view), [data, view]);

  // The symbol tab: the chosen symbol, else the best one; the answer of the symbol filter already has it.
  const symbols = useMemo(() => (data ? data.symbols.map((s) => s.symbol) : []), [data]);
  const detail = view.symbol || view.detail || symbols[0] || '';
  const detailQuery = useMetricsQuery(
    { ...args, symbol: detail },
    { skip: !account || badRange || view.sub !== 'symbol' || !detail || Boolean(view.symbol) },
  );
  const detailData = view.symbol ? query : detailQuery;
  const detailDisplay = useMemo(() => displayOf(detailData.data, view), [detailData.data, view]);

  const [opened, setOpened] = useState<{ title: string; bucket: MetricsBucket; display: Display } | null>(null);
  const openWith = (d: Display | null) => (title: string, bucket: MetricsBucket) => {
    if (d) setOpened({ title, bucket, display: d });
  };
  const accountNames = useMemo(() => new Map(active.accounts.map((a) => [a.id, a.name])), [active.accounts]);
  const strategies = useMemo(
    () => [...new Set((data?.trades ?? []).map((t) => t.strategy).filter((s): s is string => Boolean(s)))],
    [data],
  );
  const { data: strategyNames } = useStrategyNamesQuery(undefined, { skip: strategies.length === 0 && !view.strategy });
  // The chosen strategy's approaches and checklists, for the approach and checklist-item filters.
  const approachOptions = useJournalApproachOptionsQuery(view.strategy, { skip: !view.strategy });
  const lastDay = data?.dailyPerf.days.at(-1)?.date;
  const month = view.month || `${(lastDay ?? dayIn(new Date(), timeZone)).slice(0, 8)}01`;

  // Esc leaves the page's fullscreen, as it does the browser's.
  useEffect(() => {
    if (!view.fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"]')) setView({ fullscreen: false });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view.fullscreen, setView]);

  if (active.isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (active.isError) return <ErrorState title="Your trading accounts could not be loaded." />;
  const accountName = account === 'all' ? 'All accounts' : active.accounts.find((a) => a.id === account)?.name;

  let body: React.ReactNode;
  if (!account) {
    body = (
      <EmptyState
        title="No trading account yet"
        description="Open a virtual account in Trading accounts (top bar), trade, and its metrics show here."
      />
    );
  } else if (badRange) {
    body = (
      <EmptyState title="The period ends before it starts." description="Pick a To date on or after the From date." />
    );
  } else if (query.isLoading || (query.isFetching && !data)) {
    body = <LoadingState label="Computing the metrics" />;
  } else if (query.isError || !data || !display) {
    body = (
      <ErrorState
        title="The metrics could not be loaded."
        message={errorMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (data.overview.count === 0) {
    body = filtered(view) ? (
      <EmptyState
        title="No closed trades match these filters."
        action={<Button onClick={() => setView(clearedFilters)}>Show all trades</Button>}
      />
    ) : (
      <EmptyState
        title="No closed trades yet."
        description="Metrics are computed from closed trades: open and close a position and they show here."
        action={
          <Button component={RouterLink} to="/chart" variant="contained">
            Open the chart to trade
          </Button>
        }
      />
    );
  } else {
    const props = { data, display, onOpen: openWith(display) };
    body = (
      <Box
        sx={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity 150ms', display: 'grid', gap: 1.5 }}
        aria-busy={query.isFetching}
      >
        {view.unit === 'r' && data.overview.tradesWithR === 0 && (
          <InlineAlert severity="info" sx={{ my: 0 }}>
            None of these trades was opened with a stop loss, so none has an R (its initial risk): amounts in R show as
            —. Trades placed with a stop loss show in R.
          </InlineAlert>
        )}
        {view.sub === 'overview' && <OverviewTab {...props} />}
        {view.sub === 'time_analysis' && <TimeAnalysisTab {...props} />}
        {view.sub === 'general' && <GeneralTab {...props} />}
        {view.sub === 'daily_perf' && <DailyPerfTab {...props} month={month} onMonth={(m) => setView({ month: m })} />}
        {view.sub === 'day_of_week' && <DayOfWeekTab {...props} />}
        {view.sub === 'hodl' && <HodlTab {...props} />}
        {view.sub === 'symbols' && <SymbolsTab {...props} onDetail={(s) => setView({ sub: 'symbol', detail: s })} />}
        {view.sub === 'symbol' && (
          <SymbolTab
            symbols={symbols}
            detail={detail}
            onDetail={(s) => setView(view.symbol ? { symbol: s } : { detail: s })}
            query={detailData}
            display={detailDisplay ?? display}
            onOpen={openWith(detailDisplay)}
          />
        )}
      </Box>
    );
  }

  return (
    <Box
      sx={{
        p: { xs: 1.5, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        bgcolor: 'background.default',
        ...(view.fullscreen
          ? { position: 'fixed', inset: 0, zIndex: (t) => t.zIndex.drawer + 2, overflow: 'auto' }
          : { minHeight: '100%' }),
      }}
      data-fullscreen={view.fullscreen || undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {accountName ? `Metrics · ${accountName}` : 'Metrics'}
        </Typography>
        <DisplaySwitches
          view={view}
          currency={data?.currency ?? active.account?.currency ?? 'USD'}
          onChange={setView}
        />
        <Tooltip title={view.fullscreen ? 'Leave fullscreen (Esc)' : 'Fullscreen'}>
          <IconButton
            aria-label="Fullscreen"
            aria-pressed={view.fullscreen}
            onClick={() => setView({ fullscreen: !view.fullscreen })}
          >
            {view.fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      <MetricsFilters
        view={view}
        account={account}
        accounts={active.accounts}
        symbols={symbols}
        strategies={strategies}
        strategyNames={strategyNames}
        approaches={view.strategy ? approachOptions.currentData : undefined}
        approachesFailed={Boolean(view.strategy) && approachOptions.isError}
        onChange={(patch) => setView('account' in patch ? { ...patch, detail: '', month: '' } : patch)}
      />
      <Tabs value="overview" aria-label="Metrics views">
        <Tab value="overview" label="Overview" />
      </Tabs>
      <Tabs
        value={view.sub}
        onChange={(_e, sub: SubTab) => setView({ sub })}
        aria-label="Metrics sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
      >
        {subTabs.map((t) => (
          <Tab key={t} value={t} label={subTabLabels[t]} />
        ))}
      </Tabs>
      {body}
      {opened && (
        <BucketTradesDialog
          title={opened.title}
          bucket={opened.bucket}
          display={opened.display}
          accountNames={account === 'all' ? accountNames : undefined}
          onOpenTrade={openTrade}
          onClose={() => setOpened(null)}
        />
      )}
    </Box>
  );
}

/** The /metrics route (React Router lazy convention), with the user's zone, clock and P/L colours. */
export function Component() {
  return (
    <AccountFormatPreferences>
      <MetricsScreen />
    </AccountFormatPreferences>
  );
}

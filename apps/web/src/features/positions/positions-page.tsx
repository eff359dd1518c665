import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { toast } from '../../shared/toast/toast';
import {
  type AccountLive,
  useAccountLive,
  useActiveAccount,
  useCancelOrderMutation,
  useClosePartiallyMutation,
  useClosePositionMutation,
  useModifyPositionMutation,
} from '../trading';
import { failureText } from './failure-text';
import { useFillAlerts } from './fill-alerts';
import { PositionDetailDialog } from './position-detail-dialog';
import {
  CancelOrderDialog,
  ClosePositionDialog,
  ModifyPositionDialog,
  type ModifyValues,
  PartialCloseDialog,
} from './position-dialogs';
import { PendingOrdersTable, type PositionAction, PositionsTable } from './positions-table';
import { ShareTradeButton } from './share-trade-dialog';
import { LinkedTradeDialog, TradeHistory } from './trade-history';
import { useLivePositions } from './use-live-positions';

// The chart library loads with the Charts tab, not with the screen.
const TradeChart = lazy(() => import('./trade-chart').then((m) => ({ default: m.TradeChart })));

type MainTab = 'open' | 'history';
type SecondaryTab = 'positions' | 'orders' | 'charts';

function Figures(props: { live: AccountLive }) {
  const f = useFormatters();
  const a = props.live.account;
  if (!a) return null;
  const items: Array<[string, React.ReactNode]> = [
    ['Balance', f.money(a.balance, a.currency)],
    ['Equity', f.money(a.equity, a.currency)],
    ['Floating P/L', <PnlText key="pl" value={a.floatingProfit} currency={a.currency} />],
    ['Margin', f.money(a.margin, a.currency)],
    ['Free margin', f.money(a.freeMargin, a.currency)],
    ['Margin level', a.marginLevel === null ? '—' : f.percent(a.marginLevel)],
  ];
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }} aria-label="Account figures">
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function FillAlertSwitches() {
  const { settings, setSound, setNotify } = useFillAlerts();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        control={<Switch size="small" checked={settings.sound} onChange={(e) => setSound(e.target.checked)} />}
        label="Sound on fills"
      />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={settings.notify}
            onChange={async (e) => setProblem(await setNotify(e.target.checked))}
          />
        }
        label="Notify on fills"
      />
      {problem && (
        <InlineAlert severity="warning" sx={{ my: 0 }}>
          {problem}
        </InlineAlert>
      )}
    </Box>
  );
}

/** Follows the page's own fullscreen state (Esc leaves it without our button). */
function useFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [ref]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen?.();
  }, [ref]);
  return { on, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}

type Dialogs =
  | { kind: 'close' | 'partial' | 'modify' | 'details'; positionId: string }
  | { kind: 'cancel'; order: TradingOrder }
  | null;

/** The positions screen (spec section 2 "Positions"): open positions, pending orders, a chart, the trade history. */
export function Component() {
  const active = useActiveAccount();
  const account = active.account;
  const live = useAccountLive(account?.id ?? null);
  // Current price and floating P/L follow each quote between the server's position events.
  const livePositions = useLivePositions(live.positions, account?.currency ?? 'USD');
  // `?tab=history`, and `&account=…&trade=…` to open one trade (the metrics' trade lists link here)
  const [params, setParams] = useSearchParams();
  const linkedTrade = params.get('trade');
  const linkedAccountId = params.get('account');
  const [main, setMain] = useState<MainTab>(params.get('tab') === 'history' || linkedTrade ? 'history' : 'open');
  const closeLinkedTrade = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete('trade');
          p.delete('account');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [secondary, setSecondary] = useState<SecondaryTab>('positions');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const page = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(page);
  const [closePosition] = useClosePositionMutation();
  const [closePartially] = useClosePartiallyMutation();
  const [modifyPosition] = useModifyPositionMutation();
  const [cancelOrder] = useCancelOrderMutation();

  const onAction = useCallback((action: PositionAction, p: TradingPosition) => {
    setSelected(p.id);
    setDialog({ kind: action, positionId: p.id });
  }, []);
  const onCancel = useCallback((order: TradingOrder) => setDialog({ kind: 'cancel', order }), []);

  if (active.isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (active.isError) return <ErrorState title="Your trading accounts could not be loaded." />;
  if (!account) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Positions
        </Typography>
        <EmptyState
          title="No active trading account"
          description="Open a virtual account, or pick one with the account switcher in the top bar, to see its positions here."
        />
        {linkedTrade && linkedAccountId && (
          <LinkedTradeDialog
            accountId={linkedAccountId}
            tradeId={linkedTrade}
            currency={active.accounts.find((a) => a.id === linkedAccountId)?.currency ?? 'USD'}
            onClose={closeLinkedTrade}
          />
        )}
      </Box>
    );
  }
  const token = account.token;
  const currency = live.account?.currency ?? account.currency;
  const position =
    dialog && dialog.kind !== 'cancel' ? live.positions.find((p) => p.id === dialog.positionId) : undefined;
  const charted = live.positions.find((p) => p.id === selected) ?? live.positions[0];
  const run = async (call: Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await call;
      toast.success(done);
      return null;
    } catch (error) {
      return failureText(error);
    }
  };
  const status = live.status === 'error' && live.positions.length === 0 ? 'error' : live.account ? 'ready' : 'loading';

  return (
    <Box
      ref={page}
      sx={{
        p: { xs: 1.5, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        height: '100%',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Positions · {account.name}
        </Typography>
        <FillAlertSwitches />
        {fullscreen.supported && (
          <Tooltip title={fullscreen.on ? 'Leave fullscreen' : 'Fullscreen'}>
            <IconButton aria-label="Fullscreen" aria-pressed={fullscreen.on} onClick={fullscreen.toggle}>
              {fullscreen.on ? <FullscreenExitIcon /> : <FullscreenIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Figures live={live} />
      {live.status === 'error' && live.error && (
        <InlineAlert severity="warning">Live updates stopped: {live.error}</InlineAlert>
      )}
      <Tabs value={main} onChange={(_e, v: MainTab) => setMain(v)} aria-label="Positions views">
        <Tab value="open" label={`Open (${live.positions.length})`} />
        <Tab value="history" label="History" />
      </Tabs>
      {main === 'open' ? (
        <Paper variant="outlined" sx={{ p: 1, flex: 1, minHeight: 360, display: 'flex', flexDirection: 'column' }}>
          <Tabs
            value={secondary}
            onChange={(_e, v: SecondaryTab) => setSecondary(v)}
            aria-label="Open items"
            sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
          >
            <Tab value="positions" label="Positions" />
            <Tab value="orders" label={`Pending orders (${live.orders.length})`} />
            <Tab value="charts" label="Charts" />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 300, pt: 1 }}>
            {secondary === 'positions' && (
              <PositionsTable
                positions={livePositions}
                currency={currency}
                status={status}
                error={{ message: live.error }}
                onAction={onAction}
              />
            )}
            {secondary === 'orders' && (
              <PendingOrdersTable
                orders={live.orders}
                status={status === 'error' ? 'error' : status}
                onCancel={onCancel}
              />
            )}
            {secondary === 'charts' &&
              (charted ? (
                <Box>
                  <Tabs
                    value={charted.id}
                    onChange={(_e, id: string) => setSelected(id)}
                    variant="scrollable"
                    aria-label="Position to chart"
                  >
                    {live.positions.map((p) => (
                      <Tab
                        key={p.id}
                        value={p.id}
                        label={`${p.symbol} ${p.side === 'buy' ? 'buy' : 'sell'} ${p.volume}`}
                      />
                    ))}
                  </Tabs>
                  <Suspense fallback={<LoadingState label="Loading the chart" />}>
                    <TradeChart
                      height={360}
                      trade={{
                        symbol: charted.symbol,
                        side: charted.side,
                        entryTime: charted.entryTimestamp,
                        entryPrice: charted.openPrice,
                        exitTime: null,
                        exitPrice: null,
                        stopLoss: charted.stopLoss,
                        takeProfit: charted.takeProfit,
                      }}
                    />
                  </Suspense>
                </Box>
              ) : (
                <EmptyState title="No open positions to chart" />
              ))}
          </Box>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ p: 1, flex: 1, minHeight: 420 }}>
          <TradeHistory
            accountId={account.id}
            currency={currency}
            renderTradeActions={(trade) => <ShareTradeButton accountId={account.id} trade={trade} />}
          />
        </Paper>
      )}
      {linkedTrade && (
        <LinkedTradeDialog
          accountId={linkedAccountId ?? account.id}
          tradeId={linkedTrade}
          currency={active.accounts.find((a) => a.id === (linkedAccountId ?? account.id))?.currency ?? currency}
          onClose={closeLinkedTrade}
        />
      )}
      {dialog?.kind === 'close' && position && (
        <ClosePositionDialog
          position={position}
          currency={currency}
          onClose={() => setDialog(null)}
          onSubmit={() =>
            run(
              closePosition({ platformToken: token, positionId: position.id }).unwrap(),
              `${position.symbol} position closed.`,
            )
          }
        />
      )}
      {dialog?.kind === 'partial' && position && (
        <PartialCloseDialog
          position={position}
          currency={currency}
          onClose={() => setDialog(null)}
          onSubmit={(volume) =>
            run(
              closePartially({ platformToken: token, positionId: position.id, volume }).unwrap(),
              `${volume} lots of ${position.symbol} closed.`,
            )
          }
        />
      )}
      {dialog?.kind === 'modify' && position && (
        <ModifyPositionDialog
          position={position}
          currency={currency}
          onClose={() => setDialog(null)}
          onSubmit={(values: ModifyValues) =>
            run(
              modifyPosition({ platformToken: token, positionId: position.id, ...values }).unwrap(),
              `${position.symbol} position modified.`,
            )
          }
        />
      )}
      {dialog?.kind === 'details' && position && (
        <PositionDetailDialog
          accountId={account.id}
          position={position}
          currency={currency}
          balance={live.account?.balance ?? null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelOrderDialog
          order={dialog.order}
          onClose={() => setDialog(null)}
          onSubmit={() =>
            run(
              cancelOrder({ platformToken: token, orderId: dialog.order.id }).unwrap(),
              `${dialog.order.symbol} order cancelled.`,
            )
          }
        />
      )}
    </Box>
  );
}

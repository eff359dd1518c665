import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DefaultLayoutEntry, DockWorkspace, type WorkspacePanel } from '../../shared/workspace/dock-workspace';
import { OrderPanel, type TicketPrefill } from './order-ticket/order-ticket';
import type { TicketType } from './order-ticket/ticket-model';
import { RiskPanel } from './risk-panel';
import { TRADING_COLUMN_WIDTH } from './trading-column';
import { useActiveAccount } from './use-active-account';

const TICKET_PARAMS = ['ticket', 'type', 'volume', 'sl', 'tp', 'entry', 'account'];
const TICKET_TYPES: readonly TicketType[] = ['market', 'limit', 'stop', 'stop_limit'];

/** The ticket prefill an address carries (`?ticket=buy&volume=0.5&sl=1.0812&tp=1.0950&type=limit&entry=...`). */
export function prefillOf(params: URLSearchParams, nonce: number): TicketPrefill | null {
  const side = params.get('ticket');
  if (side !== 'buy' && side !== 'sell') return null;
  const type = params.get('type') as TicketType | null;
  const prefill: TicketPrefill = { side, type: type && TICKET_TYPES.includes(type) ? type : 'market', nonce };
  const volume = params.get('volume');
  const sl = params.get('sl');
  const tp = params.get('tp');
  const entry = params.get('entry');
  if (volume) prefill.volume = volume;
  if (sl) prefill.stopLoss = sl;
  if (tp) prefill.takeProfit = tp;
  if (entry) prefill.entry = entry;
  return prefill;
}

type ChartTrading = { symbol: string; prefill: TicketPrefill | null };
const ChartTradingContext = createContext<ChartTrading>({ symbol: 'EURUSD', prefill: null });

function OrderPanelOfChart() {
  const { symbol, prefill } = useContext(ChartTradingContext);
  return <OrderPanel symbol={symbol} prefill={prefill} />;
}

const panels: readonly WorkspacePanel[] = [
  { id: 'order-panel', title: 'Order', render: () => <OrderPanelOfChart /> },
  { id: 'risk-panel', title: 'Risk', render: () => <RiskPanel /> },
];
const defaultLayout: readonly DefaultLayoutEntry[] = [
  { panel: 'order-panel' },
  { panel: 'risk-panel', position: { referencePanel: 'order-panel', direction: 'below' }, size: 300 },
];

/**
 * The chart screen's trading column: the order panel (with the buy/sell widget) and the risk panel, as docking
 * panels of the kit. `?ticket=buy` or `?ticket=sell` (the dashboard's buy/sell widget) opens the ticket on that
 * side at market; an order the AI assistant drafted adds `volume`, `sl`, `tp` (prices), `type`, `entry` and
 * `account` (made the active account first). The parameters are then dropped from the address; nothing is sent.
 */
export function ChartTradingPanel(props: { symbol: string }) {
  const [params, setParams] = useSearchParams();
  const [prefill, setPrefill] = useState<TicketPrefill | null>(null);
  const ticket = params.get('ticket');
  const { account: active, accounts, switchTo, isLoading: accountsLoading } = useActiveAccount();
  const wanted = params.get('account');
  const waiting = Boolean(wanted) && accounts.length > 0 && active?.id !== wanted;
  useEffect(() => {
    if (!waiting || !wanted) return;
    if (!accounts.some((a) => a.id === wanted)) return;
    void switchTo(wanted).catch(() => undefined);
  }, [waiting, wanted, accounts, switchTo]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per ticket in the address
  useEffect(() => {
    if (ticket !== 'buy' && ticket !== 'sell') return;
    // an order drafted for another account waits until that account is active
    if (wanted && (accountsLoading || (accounts.some((a) => a.id === wanted) && active?.id !== wanted))) return;
    setPrefill(prefillOf(params, Date.now()));
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const key of TICKET_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [ticket, setParams, active?.id, accountsLoading]);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    if (prefill && !wide) setDrawerOpen(true);
  }, [prefill, wide]);
  if (!wide)
    // Under 900 px the chart keeps the width: the order panel opens from a button, in a drawer from the bottom.
    return (
      <>
        <Button
          variant="contained"
          onClick={() => setDrawerOpen(true)}
          sx={{ position: 'fixed', right: 16, bottom: 40, zIndex: (t) => t.zIndex.speedDial }}
        >
          Trade
        </Button>
        <Drawer
          anchor="bottom"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { 'aria-label': 'Order panel', sx: { maxHeight: '85dvh' } } }}
        >
          <OrderPanel symbol={props.symbol} prefill={prefill} />
        </Drawer>
      </>
    );
  return (
    <Box
      component="aside"
      aria-label="Trading"
      sx={{ width: TRADING_COLUMN_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: 'divider' }}
    >
      <ChartTradingContext.Provider value={{ symbol: props.symbol, prefill }}>
        <DockWorkspace name="chart-trading" label="Trading panels" panels={panels} defaultLayout={defaultLayout} />
      </ChartTradingContext.Provider>
    </Box>
  );
}

export { ChartTradingPanel as Component };

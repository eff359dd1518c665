import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DefaultLayoutEntry, DockWorkspace, type WorkspacePanel } from '../../shared/workspace/dock-workspace';
import { OrderPanel, type TicketPrefill } from './order-ticket/order-ticket';
import { RiskPanel } from './risk-panel';
import { TRADING_COLUMN_WIDTH } from './trading-column';

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
 * side at market; the parameter is then dropped from the address.
 */
export function ChartTradingPanel(props: { symbol: string }) {
  const [params, setParams] = useSearchParams();
  const [prefill, setPrefill] = useState<TicketPrefill | null>(null);
  const ticket = params.get('ticket');
  useEffect(() => {
    if (ticket !== 'buy' && ticket !== 'sell') return;
    setPrefill({ side: ticket, type: 'market', nonce: Date.now() });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('ticket');
        return next;
      },
      { replace: true },
    );
  }, [ticket, setParams]);
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

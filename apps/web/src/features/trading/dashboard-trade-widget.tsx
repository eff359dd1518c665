import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEFAULT_ORDER_SIZE_LOTS } from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { InlineAlert } from '../../shared/states/inline-alert';
import { toast } from '../../shared/toast/toast';
import { SymbolSearchDialog } from '../symbol-search/lazy-symbol-search-dialog';
import { BuySellWidget } from './buy-sell-widget';
import { useIdempotencyKeys } from './order-ticket/idempotency';
import { serverErrorTextOf } from './order-ticket/ticket-text';
import { usePlaceOrderMutation } from './trading-api';
import { useActiveAccount } from './use-active-account';
import { useTradingPreferences } from './use-trading-preferences';

/**
 * The dashboard's buy/sell widget: a symbol's bid, ask and spread, live. A click opens the chart with the
 * ticket on that side; with one-click trading on it sends a market order of the default size at once.
 */
export function DashboardTradeWidget() {
  const f = useFormatters();
  const navigate = useNavigate();
  const [symbol, setSymbol] = useState('EURUSD');
  const [searching, setSearching] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { account } = useActiveAccount();
  const { preferences } = useTradingPreferences();
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  const keys = useIdempotencyKeys();
  const oneClick = preferences.oneClick && account !== null;

  async function trade(side: 'buy' | 'sell', price: number) {
    setAlert(null);
    if (!oneClick || !account) {
      navigate(`/chart?symbol=${encodeURIComponent(symbol)}&ticket=${side}`);
      return;
    }
    const order = { symbol, side, type: 'market' as const, size: DEFAULT_ORDER_SIZE_LOTS, requestedPrice: price };
    try {
      const result = await placeOrder({
        platformToken: account.token,
        idempotencyKey: keys.keyFor(order),
        order,
      }).unwrap();
      keys.settled();
      toast.success(
        `${side === 'buy' ? 'Bought' : 'Sold'} ${result.order.size} ${symbol} at ${result.order.fillPrice ?? price}.`,
      );
    } catch (error) {
      keys.settledUnlessNetwork(error);
      setAlert(serverErrorTextOf(error, 'The order could not be sent. Try again.'));
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="trade-widget" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id="trade-widget" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          Trade {symbol}
        </Typography>
        <Button size="small" onClick={() => setSearching(true)}>
          Change symbol
        </Button>
      </Box>
      <BuySellWidget symbol={symbol} oneClick={oneClick} disabled={isLoading} onTrade={(s, p) => void trade(s, p)} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {account
          ? `Trading on ${account.name} (${f.money(account.balance, account.currency)}). Simulated market.`
          : 'Simulated market. Open a trading account to place orders.'}
        {oneClick ? ' One-click trading is on.' : ''}
      </Typography>
      {alert && (
        <InlineAlert severity="error" sx={{ mb: 0 }}>
          {alert}
        </InlineAlert>
      )}
      <SymbolSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onPick={(picked) => {
          setSearching(false);
          setSymbol(picked.ticker);
        }}
      />
    </Paper>
  );
}

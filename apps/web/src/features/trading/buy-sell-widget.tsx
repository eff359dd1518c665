import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { findInstrument } from '@tradedesk/core';
import { useFormatters } from '../../shared/format/format-preferences';
import { useLiveQuote } from '../../shared/ws/use-market-channel';

/**
 * Bid, ask and spread of a symbol, live, as two buttons: sell at the bid, buy at the ask. What a click does is
 * the caller's: open the ticket prefilled, or send at once with one-click trading on.
 */
export function BuySellWidget(props: {
  symbol: string;
  onTrade: (side: 'buy' | 'sell', price: number) => void;
  /** Shown on the buttons' accessible names: "Buy EURUSD at market (one click)". */
  oneClick?: boolean;
  disabled?: boolean;
}) {
  const f = useFormatters();
  const quote = useLiveQuote(props.symbol);
  const instrument = findInstrument(props.symbol);
  const digits = instrument?.digits ?? 5;
  const q = quote.data;
  const spreadPips = q && instrument ? (q.ask - q.bid) / instrument.pipSize : null;
  const closed = q?.open === false;
  const suffix = props.oneClick ? ' (one click: sends a market order)' : '';
  const side = (s: 'buy' | 'sell') => {
    const price = s === 'buy' ? q?.ask : q?.bid;
    const color = s === 'buy' ? 'success' : 'error';
    return (
      <ButtonBase
        focusRipple
        disabled={props.disabled || price === undefined}
        aria-label={`${s === 'buy' ? 'Buy' : 'Sell'} ${props.symbol}${price !== undefined ? ` at ${f.price(price, digits)}` : ''}${suffix}`}
        onClick={() => price !== undefined && props.onTrade(s, price)}
        sx={{
          flex: 1,
          display: 'grid',
          justifyItems: s === 'buy' ? 'end' : 'start',
          px: 1.5,
          py: 1,
          borderRadius: 1,
          border: 1,
          borderColor: `${color}.main`,
          bgcolor: (t) => alpha(t.palette[color].main, t.palette.mode === 'dark' ? 0.16 : 0.08),
          '&:hover': { bgcolor: (t) => alpha(t.palette[color].main, t.palette.mode === 'dark' ? 0.28 : 0.16) },
          '&.Mui-disabled': { opacity: 0.6 },
        }}
      >
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {s === 'buy' ? 'Buy' : 'Sell'}
        </Typography>
        <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: 18 }}>
          {price !== undefined ? f.price(price, digits) : '—'}
        </Typography>
      </ButtonBase>
    );
  };
  return (
    <Box
      role="group"
      aria-label={`${props.symbol} buy and sell`}
      aria-busy={quote.status === 'loading'}
      sx={{ display: 'flex', alignItems: 'stretch', gap: 1, opacity: quote.status === 'loading' && q ? 0.6 : 1 }}
    >
      {side('sell')}
      <Box sx={{ display: 'grid', placeItems: 'center', minWidth: 52, textAlign: 'center' }}>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          Spread
        </Typography>
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} aria-live="off">
          {spreadPips !== null ? spreadPips.toFixed(1) : '—'}
        </Typography>
        {closed && (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            Closed
          </Typography>
        )}
      </Box>
      {side('buy')}
    </Box>
  );
}

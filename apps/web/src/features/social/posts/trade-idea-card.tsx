import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TradeIdea } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../../shared/format/format-preferences';

const price = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits));
const signed = (value: number | null, digits: number, unit = '') =>
  value === null ? '–' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}${unit}`;

/** A verified trade idea: every figure from the engine (live while open), with the "Verified by TradeDesk" badge. */
export function TradeIdeaCard(props: { trade: TradeIdea }) {
  const t = props.trade;
  const f = useFormatters();
  // the user's up/down colours, each readable on the theme's background (the accent green is not, on white)
  const tone = t.result === 'win' ? f.pnlColor('up') : t.result === 'loss' ? f.pnlColor('down') : 'text.primary';
  const figures: [string, string][] = [
    ['Entry', price(t.entryPrice, t.digits)],
    ['Stop', price(t.stopLoss, t.digits)],
    ['Target', price(t.takeProfit, t.digits)],
    [t.status === 'closed' ? 'Exit' : 'Current', price(t.status === 'closed' ? t.exitPrice : t.currentPrice, t.digits)],
    ['Pips', signed(t.pips, 1)],
    ['R', signed(t.rMultiple, 2, 'R')],
    ['Result', signed(t.percentOfBalance, 2, '%')],
  ];
  return (
    <Box
      role="group"
      aria-label={`Verified trade: ${t.side} ${t.symbol}, ${t.status}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography
          variant="subtitle2"
          sx={{ textTransform: 'uppercase', color: f.pnlColor(t.side === 'buy' ? 'up' : 'down') }}
        >
          {t.side}
        </Typography>
        <Typography
          component={RouterLink}
          to={`/chart?symbol=${encodeURIComponent(t.symbol)}`}
          variant="subtitle2"
          sx={{ color: 'inherit' }}
        >
          {t.symbol}
        </Typography>
        <Chip size="small" label={t.status} variant="outlined" />
        <Chip size="small" label={t.accountKind === 'prop' ? 'Prop account' : 'Virtual account'} variant="outlined" />
        <Box sx={{ flexGrow: 1 }} />
        <Chip
          size="small"
          color="success"
          icon={<VerifiedOutlined />}
          label="Verified by TradeDesk"
          title="Every figure comes from the TradeDesk trading engine, never typed by the author."
        />
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(90px, 1fr))', gap: 1, m: 0 }}
      >
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: label === 'Result' ? tone : undefined }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

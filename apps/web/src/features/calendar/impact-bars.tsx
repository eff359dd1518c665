import Box from '@mui/material/Box';
import type { CalendarImpact } from '@tradedesk/contracts';
import { impactBars } from './calendar-url';

const names: Record<CalendarImpact, string> = { low: 'Low impact', medium: 'Medium impact', high: 'High impact' };

/** An event's importance as 1 to 3 bars (spec section 2), named for screen readers and in its tooltip. */
export function ImpactBars(props: { impact: CalendarImpact }) {
  const filled = impactBars(props.impact);
  const colour = props.impact === 'high' ? 'error.main' : props.impact === 'medium' ? 'warning.main' : 'text.secondary';
  return (
    <Box
      component="span"
      role="img"
      aria-label={names[props.impact]}
      title={names[props.impact]}
      data-bars={filled}
      sx={{ display: 'inline-flex', alignItems: 'flex-end', gap: '2px', height: 14, verticalAlign: 'middle' }}
    >
      {[1, 2, 3].map((n) => (
        <Box
          key={n}
          component="span"
          sx={{
            width: 4,
            height: 4 + n * 3,
            borderRadius: '1px',
            bgcolor: n <= filled ? colour : 'action.disabledBackground',
          }}
        />
      ))}
    </Box>
  );
}

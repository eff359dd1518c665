import Chip from '@mui/material/Chip';
import type { NewsSentiment } from '@tradedesk/contracts';

const colors = { Positive: 'success', Negative: 'error', Neutral: 'default' } as const;

/** Positive green, Negative red, Neutral grey; the word carries the meaning, not only the colour. */
export function SentimentChip(props: { sentiment: NewsSentiment }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[props.sentiment]}
      label={props.sentiment}
      sx={{ height: 20, fontSize: 11, fontWeight: 600 }}
    />
  );
}

/** The label every simulated item carries (nothing simulated is shown as real). */
export function SimulatedLabel() {
  return (
    <Chip
      size="small"
      color="warning"
      label="Simulated"
      sx={{ height: 20, fontSize: 11, fontWeight: 600 }}
      title="Written from the simulated economic calendar, not a real news source"
    />
  );
}

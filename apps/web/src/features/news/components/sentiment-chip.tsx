import Chip from '@mui/material/Chip';
import type { NewsItem, NewsSentiment } from '@tradedesk/contracts';

const colors = { Positive: 'success', Negative: 'error', Neutral: 'default' } as const;

/** Positive green, Negative red, Neutral grey; the word carries the meaning, not only the colour. */
export function SentimentChip(props: { sentiment: NewsSentiment; label?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[props.sentiment]}
      label={props.label ?? props.sentiment}
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

/**
 * The sentiment with whose it is, where a list is per symbol: a simulated release's sentiment is for its own
 * currency ("US Retail Sales … miss" is Negative for USD, which is good for EURUSD), so it says "Negative for USD".
 * Items without a currency (feeds, earnings) keep the bare word.
 */
export function sentimentLabel(item: Pick<NewsItem, 'sentiment' | 'simulated' | 'currencies'>): string {
  const currencies = item.simulated ? (item.currencies ?? []) : [];
  return currencies.length ? `${item.sentiment} for ${currencies.join(', ')}` : item.sentiment;
}

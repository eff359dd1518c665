import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { AI_LIMIT_MESSAGE, type AiUsage } from '@tradedesk/contracts';
import { useAiUsageQuery } from '../ai-api';

/** The sentence the composer shows when a daily allowance is used up, or null while some is left. */
export function limitReached(usage: AiUsage | undefined): string | null {
  if (!usage) return null;
  if (usage.messages.used >= usage.messages.limit || usage.tokens.used >= usage.tokens.limit) return AI_LIMIT_MESSAGE;
  return null;
}

/** Today's use of the daily allowances: messages and tokens, used of the limit. */
export function UsageMeter() {
  const { data } = useAiUsageQuery();
  if (!data) return null;
  const pct = Math.min(100, (100 * data.messages.used) / Math.max(1, data.messages.limit));
  return (
    <Box aria-label="Today's AI use" role="group" sx={{ minWidth: 160 }}>
      <Typography variant="caption" sx={{ display: 'block' }}>
        {data.messages.used} of {data.messages.limit} messages · {data.tokens.used.toLocaleString()} of{' '}
        {data.tokens.limit.toLocaleString()} tokens today
      </Typography>
      <LinearProgress
        variant="determinate"
        value={pct}
        aria-label="Messages used today"
        color={pct >= 100 ? 'error' : 'primary'}
      />
    </Box>
  );
}

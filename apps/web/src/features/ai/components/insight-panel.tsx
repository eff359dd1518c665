import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadingState } from '../../../shared/states/loading-state';
import { useTradingAccountsQuery } from '../../trading/trading-api';
import { useAiInsightQuery } from '../ai-api';
import {
  type AiView,
  INSIGHT_LABELS,
  INSIGHT_PERIODS,
  INSIGHT_TABS,
  type InsightTab,
  insightQuestion,
  PERIOD_LABELS,
} from '../ai-url';
import { AnswerChart } from './answer-chart';

/**
 * The insight side panel (spec section 2): performance (Insight), time (Time), symbol allocation (Symbol) and time
 * analysis (Day of week). A tab shows its chart as soon as it opens, read from the same tool the assistant answers
 * with (GET /ai/insights, no chat message), cached per tab, account and period; Refresh reads it again and "Ask in
 * the chat" asks the question in the chat to talk it over. The tab, account and period are in the address.
 */
export function InsightPanel(props: {
  view: AiView;
  onView: (patch: Partial<AiView>) => void;
  busy: boolean;
  onAsk: (question: string, accountId: string) => void;
}) {
  const { view } = props;
  const accounts = useTradingAccountsQuery('all');
  // A person with no trading account has no figures to read: say so plainly instead of asking the server.
  const noAccount = accounts.isSuccess && accounts.data.length === 0;
  const insight = useAiInsightQuery(
    { tab: view.insight, account: view.account, period: view.period },
    { skip: noAccount },
  );
  const data = insight.data;
  const question = insightQuestion(view.insight, view.period);
  const label = INSIGHT_LABELS[view.insight].toLowerCase();
  return (
    <Box component="section" aria-label="Insights" sx={{ display: 'grid', gap: 1 }}>
      <Tabs
        value={view.insight}
        onChange={(_e, t: InsightTab) => props.onView({ insight: t })}
        aria-label="Insight views"
        variant="scrollable"
      >
        {INSIGHT_TABS.map((t) => (
          <Tab key={t} value={t} label={INSIGHT_LABELS[t]} sx={{ minWidth: 0, px: 1.25 }} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          select
          size="small"
          label="Account"
          value={view.account}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => props.onView({ account: e.target.value })}
        >
          <MenuItem value="">Active account</MenuItem>
          {(accounts.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Period"
          value={view.period}
          onChange={(e) => props.onView({ period: e.target.value as AiView['period'] })}
        >
          {INSIGHT_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {PERIOD_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" disabled={insight.isFetching} onClick={() => void insight.refetch()}>
          Refresh
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={props.busy}
          onClick={() => props.onAsk(question, view.account)}
        >
          Ask in the chat
        </Button>
      </Box>
      {noAccount || (insight.error && 'code' in insight.error && insight.error.code === 'AI_NO_ACCOUNT') ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You have no trading account yet: open one on the Accounts screen and your {label} insight will appear here.
        </Typography>
      ) : insight.isFetching && !data ? (
        <LoadingState label={`Loading the ${label} insight`} />
      ) : insight.isError && !data ? (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          The {label} insight could not be read
          {'message' in insight.error && insight.error.message ? `: ${insight.error.message}` : ''}. Refresh to try
          again.
        </Typography>
      ) : data ? (
        <Box aria-busy={insight.isFetching} sx={{ display: 'grid', gap: 1, opacity: insight.isFetching ? 0.6 : 1 }}>
          {data.Date_interval && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {data.Date_interval.start_date} to {data.Date_interval.end_date}
            </Typography>
          )}
          {data.chart_type && data.json_answer?.rows.length ? (
            <AnswerChart answer={data} compact />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
              {data.summary}
            </Typography>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AiAnswer } from '@tradedesk/contracts';
import { useTradingAccountsQuery } from '../../trading/trading-api';
import {
  type AiView,
  INSIGHT_CHART,
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
 * analysis (Day of week). Each tab asks the analyst its question for the chosen account and period, in the chat, and
 * shows the chart of the latest answer of its kind; the tab, account and period are in the address.
 */
export function InsightPanel(props: {
  view: AiView;
  onView: (patch: Partial<AiView>) => void;
  answers: AiAnswer[];
  busy: boolean;
  onAsk: (question: string, accountId: string) => void;
}) {
  const { view } = props;
  const accounts = useTradingAccountsQuery('all');
  const chart = INSIGHT_CHART[view.insight];
  const latest = [...props.answers].reverse().find((a) => !a.isUser && a.chart_type === chart);
  const question = insightQuestion(view.insight, view.period);
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
      <Button variant="outlined" size="small" disabled={props.busy} onClick={() => props.onAsk(question, view.account)}>
        Ask: {question}
      </Button>
      {latest ? (
        <>
          {latest.Date_interval && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              From the chat's latest answer: {latest.Date_interval.start_date} to {latest.Date_interval.end_date}
            </Typography>
          )}
          <AnswerChart answer={latest} compact />
        </>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No {INSIGHT_LABELS[view.insight].toLowerCase()} chart in this chat yet: ask to draw one from your trades.
        </Typography>
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { PropRuleStatus } from '@tradedesk/contracts';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { pauseReason } from '../prop-state-text';
import type { TicketRuleCheck } from '../ticket-rules';

const RULE_NAMES: Record<string, string> = {
  daily_loss: 'the daily loss limit',
  max_loss: 'the maximum loss limit',
  max_risk_per_trade: 'the risk per trade limit',
  max_lots: 'the lot size limit',
  stop_loss_required: 'the stop-loss rule',
  news_blackout: 'the news blackout',
};

/** Why a prop account cannot trade now (failed or paused), as a sentence; null when it can. */
export function tradingStoppedReason(status: PropRuleStatus | null | undefined): string | null {
  if (!status) return null;
  if (status.state === 'failed')
    return `This challenge failed: ${status.failed?.reason ?? 'a rule was broken.'} Orders are refused.`;
  if (status.state === 'paused') return `Trading is paused until the next daily reset. ${pauseReason(status)}`;
  if (status.state === 'completed') return 'This challenge is completed: the account no longer trades.';
  return null;
}

/**
 * The order ticket's rule check for a prop account, before sending: the daily loss and maximum loss left after
 * a loss at the stop, the equity at the stop and the equity at which the account fails, the largest size within
 * every rule (with a button to use it), and a clear warning when the order could breach a rule.
 */
export function TicketRulePanel(props: {
  check: TicketRuleCheck;
  lots: number | null;
  hasStop: boolean;
  onUseLots: (lots: number) => void;
}) {
  const f = useFormatters();
  const { check, lots } = props;
  const c = check.currency;
  const m = (n: number | null) => (n === null ? '—' : f.money(n, c));
  const rows: Array<[string, string, boolean?]> = [
    [
      'Daily loss left after a loss at the stop',
      props.hasStop ? m(check.dailyLossLeftAfter) : 'No stop loss',
      (check.dailyLossLeftAfter ?? 0) < 0,
    ],
    [
      'Maximum loss left after a loss at the stop',
      props.hasStop ? m(check.maxLossLeftAfter) : 'No stop loss',
      (check.maxLossLeftAfter ?? 0) < 0,
    ],
    ['Equity at the stop', m(check.equityAtStop)],
    ['Account fails at equity', m(check.failEquity)],
    ['Largest size within every rule', check.maxLots === null ? 'No limit at this stop' : `${check.maxLots} lots`],
  ];
  const tooBig = check.maxLots !== null && lots !== null && lots > check.maxLots + 1e-9;
  return (
    <Box component="section" aria-label="Rule check" sx={{ display: 'grid', gap: 0.75 }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr max-content', columnGap: 2, rowGap: 0.25, fontSize: 13 }}
      >
        {rows.map(([label, value, bad]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', color: bad ? 'error.main' : undefined }}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {tooBig && check.maxLots !== null && check.maxLots > 0 && (
        <Button size="small" variant="outlined" onClick={() => props.onUseLots(check.maxLots ?? 0)}>
          Use {check.maxLots} lots
        </Button>
      )}
      {check.wouldBreach ? (
        <InlineAlert
          severity="error"
          title={`This order could breach ${RULE_NAMES[check.wouldBreach] ?? 'a rule'}`}
          sx={{ my: 0 }}
        >
          {check.warnings.join(' ')}
        </InlineAlert>
      ) : (
        check.warnings.length > 0 && (
          <InlineAlert severity="warning" sx={{ my: 0 }}>
            {check.warnings.join(' ')}
          </InlineAlert>
        )
      )}
    </Box>
  );
}

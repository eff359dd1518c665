import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TrackRecord, VerifiedIdeasStats } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { useFormatters } from '../../../../shared/format/format-preferences';

const MISSING = '—';

export const VERIFIED_BADGE_TEXT = 'Verified by TradeDesk';

export function VerifiedBadge() {
  return (
    <Chip
      size="small"
      color="success"
      icon={<VerifiedOutlined />}
      label={VERIFIED_BADGE_TEXT}
      title="Figures computed by the TradeDesk engine from the account's trades, never typed in."
    />
  );
}

function Figure(props: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 110 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 600 }}>
        {props.children}
      </Typography>
    </Box>
  );
}

const kindText: Record<TrackRecord['accountKind'], string> = {
  virtual: 'Virtual account',
  prop: 'Prop challenge',
  imported: 'Imported account',
  connected: 'Connected broker account',
};

function ratio(value: number | null): string {
  return value === null ? MISSING : value.toFixed(2);
}

/** The published track record: the engine's live figures of one account, with the badge. */
export function TrackRecordCard(props: { record: TrackRecord }) {
  const f = useFormatters();
  const r = props.record;
  const pnl = f.pnl(r.netProfit, r.currency);
  const sub = [kindText[r.accountKind], r.firm, r.phase].filter(Boolean).join(' · ');
  return (
    <Paper component="section" variant="outlined" aria-label="Track record" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          Track record
        </Typography>
        <VerifiedBadge />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {r.accountName} · {sub} · since {f.date(r.since)}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
        <Figure label="Return">{f.percent(r.returnPct, { signed: true })}</Figure>
        <Figure label="Net profit">
          <Box component="span" sx={{ color: f.pnlColor(pnl.direction) }}>
            {f.money(r.netProfit, r.currency, { signed: true })}
          </Box>
        </Figure>
        <Figure label="Balance">{f.money(r.balance, r.currency)}</Figure>
        <Figure label="Trades">{r.trades}</Figure>
        <Figure label="Win rate">{f.percent(r.winRate)}</Figure>
        <Figure label="Profit factor">{ratio(r.profitFactor)}</Figure>
        <Figure label="Max drawdown">{f.percent(r.maxDrawdownPct)}</Figure>
        <Figure label="Average R">{ratio(r.averageR)}</Figure>
      </Box>
      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 1 }}>
        Computed {f.dateTime(r.computedAt)}.
      </Typography>
    </Paper>
  );
}

/** The profile's verified trade ideas: how many, and the hit rate and average R of the closed ones. */
export function VerifiedIdeasCard(props: { stats: VerifiedIdeasStats }) {
  const f = useFormatters();
  const s = props.stats;
  return (
    <Paper component="section" variant="outlined" aria-label="Verified ideas" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          Verified ideas
        </Typography>
        <VerifiedBadge />
      </Box>
      {s.ideas === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No trade ideas with a verified trade yet.
        </Typography>
      ) : (
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
          <Figure label="Ideas">{s.ideas}</Figure>
          <Figure label="Open">{s.open}</Figure>
          <Figure label="Closed">{s.closed}</Figure>
          <Figure label="Wins">{s.wins}</Figure>
          <Figure label="Hit rate">{f.percent(s.hitRate, { digits: 1 })}</Figure>
          <Figure label="Average R">{ratio(s.averageR)}</Figure>
        </Box>
      )}
    </Paper>
  );
}

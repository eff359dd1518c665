import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PropRuleState, PropRuleStatus, PropRuleStatusItem, TradingAccountProp } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { pauseReason } from '../prop-state-text';
import { ResetCountdown } from './reset-countdown';

const TARGETS = new Set<PropRuleStatusItem['rule']>(['profit_target', 'min_trading_days']);
const STATE_COLOR: Record<PropRuleState, 'success' | 'warning' | 'error' | 'primary'> = {
  ok: 'primary',
  warning: 'warning',
  breached: 'error',
  passed: 'success',
};

/** A neutral track, so an empty bar reads as empty in both themes. */
export const PROGRESS_SX = { height: 6, borderRadius: 3, bgcolor: 'action.selected' } as const;

export function ruleStateText(r: Pick<PropRuleStatusItem, 'rule' | 'state'>): string {
  if (r.state === 'ok') return TARGETS.has(r.rule) ? 'In progress' : 'OK';
  if (r.state === 'warning') return r.rule === 'consistency' ? 'Above the share' : 'Close to the limit';
  return r.state === 'breached' ? 'Breached' : 'Passed';
}

/** A prop account's state as a sentence: failed (why, when, at which equity), paused until, completed or active. */
export function StateAlert(props: { status: PropRuleStatus }) {
  const f = useFormatters();
  const s = props.status;
  if (s.state === 'failed' && s.failed)
    return (
      <InlineAlert severity="error" title="Challenge failed" sx={{ my: 0 }}>
        {s.failed.reason} Failed {f.dateTime(s.failed.at, 'dateTimeSeconds')} at an equity of{' '}
        {f.money(s.failed.equity, s.currency)}. Trading on this account has stopped.
      </InlineAlert>
    );
  if (s.state === 'paused')
    return (
      <InlineAlert severity="warning" title="Trading paused" sx={{ my: 0 }}>
        {pauseReason(s)} Trading resumes {s.pausedUntil ? f.dateTime(s.pausedUntil) : 'at the next daily reset'}.
      </InlineAlert>
    );
  if (s.state === 'completed')
    return (
      <InlineAlert severity="success" title="Challenge completed" sx={{ my: 0 }}>
        Every phase is passed.
      </InlineAlert>
    );
  const passed = s.passedPhases.at(-1);
  if (passed)
    return (
      <InlineAlert severity="success" sx={{ my: 0 }}>
        {`Passed the previous phase on ${f.date(passed.passedAt)} at an equity of ${f.money(passed.equity, s.currency)}.`}
      </InlineAlert>
    );
  return null;
}

function Figure(props: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} title={props.hint}>
        {props.value}
      </Box>
    </Box>
  );
}

function unitText(n: number, unit: PropRuleStatusItem['unit'], currency: string, f: ReturnType<typeof useFormatters>) {
  if (unit === 'money') return f.money(n, currency);
  if (unit === 'percent') return f.percent(n, { digits: 1 });
  if (unit === 'days') return `${n} ${n === 1 ? 'day' : 'days'}`;
  if (unit === 'lots') return `${n} lots`;
  return n > 0 ? 'Broken today' : 'Kept';
}

function ruleFigure(r: PropRuleStatusItem, currency: string, f: ReturnType<typeof useFormatters>): string {
  if (r.unit === 'flag') return unitText(r.value, r.unit, currency, f);
  return `${unitText(r.value, r.unit, currency, f)} of ${unitText(r.limit, r.unit, currency, f)}`;
}

function ruleLeft(r: PropRuleStatusItem, currency: string, f: ReturnType<typeof useFormatters>): string {
  if (r.unit === 'flag') return '';
  const left = unitText(r.remaining, r.unit, currency, f);
  if (r.rule === 'consistency') return `At most ${unitText(r.limit, r.unit, currency, f)} of the profit from one day.`;
  return TARGETS.has(r.rule) ? `${left} to go.` : `${left} left.`;
}

/**
 * A prop account's live rule status (the dashboard's objectives tab): the account's state, the headline
 * figures (today's permitted loss, the maximum permitted loss and the equity floor, profit towards the target,
 * trading days, the best day's share), the countdown to the daily reset, and each rule's progress.
 */
export function PropStatusPanel(props: { status: PropRuleStatus; prop: TradingAccountProp | null; nowMs?: number }) {
  const f = useFormatters();
  const s = props.status;
  const c = s.currency;
  const days =
    s.tradingDays.required === null ? `${s.tradingDays.done}` : `${s.tradingDays.done} of ${s.tradingDays.required}`;
  return (
    <Box component="section" aria-label="Challenge rules" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {props.prop
            ? `${props.prop.firmName} · ${props.prop.challengeName} · ${props.prop.phaseName}`
            : `Challenge · ${s.phaseLabel}`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Equity {f.money(s.equity, c)} · balance {f.money(s.balance, c)} · started with {f.money(s.startingBalance, c)}{' '}
          on {f.date(s.phaseStartedAt)}
        </Typography>
      </Box>
      <StateAlert status={s} />
      {s.nextReset && s.state !== 'failed' && <ResetCountdown nextReset={s.nextReset} nowMs={props.nowMs} />}
      <Box
        component="dl"
        aria-label="Challenge figures"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(3, max-content 1fr)' },
          columnGap: 2,
          rowGap: 0.5,
          fontSize: 13,
        }}
      >
        {s.todayPermittedLoss !== null && (
          <Figure
            label="Today's permitted loss"
            value={f.money(s.todayPermittedLoss, c)}
            hint={s.dailyLossLimit !== null ? `Today's limit ${f.money(s.dailyLossLimit, c)}` : undefined}
          />
        )}
        {s.maxPermittedLoss !== null && (
          <Figure label="Maximum permitted loss" value={f.money(s.maxPermittedLoss, c)} />
        )}
        {s.failEquity !== null && <Figure label="Fails at equity" value={f.money(s.failEquity, c)} />}
        {s.maxLossFloor !== null && (
          <Figure label="Equity floor" value={`${f.money(s.maxLossFloor, c)}${s.maxLossLocked ? ' (locked)' : ''}`} />
        )}
        {s.profitTarget !== null && (
          // profitTarget is the balance to reach: the profit to make is what it adds to the phase's start
          <>
            <Figure
              label="Profit"
              value={`${f.pnl(s.profit, c).text} of ${f.money(s.profitTarget - s.startingBalance, c)}`}
            />
            <Figure label="Target balance" value={f.money(s.profitTarget, c)} />
          </>
        )}
        <Figure label="Trading days" value={days} />
        {s.bestDayMaxShare !== null && (
          <Figure
            label="Best day's share"
            value={`${s.bestDayShare === null ? '—' : f.percent(s.bestDayShare, { digits: 1 })} (at most ${f.percent(s.bestDayMaxShare, { digits: 0 })})`}
          />
        )}
      </Box>
      <Table size="small" aria-label="Rules">
        <TableHead>
          <TableRow>
            <TableCell>Rule</TableCell>
            <TableCell sx={{ width: '28%' }}>Progress</TableCell>
            <TableCell>Figure</TableCell>
            <TableCell>State</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.rules.map((r) => (
            <TableRow key={r.rule} aria-label={r.label}>
              <TableCell>
                <Box sx={{ fontWeight: 600 }}>{r.label}</Box>
                <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{ruleLeft(r, c, f)}</Box>
              </TableCell>
              <TableCell>
                {r.unit !== 'flag' && (
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(Math.max(0, Math.min(100, r.progress * 100)))}
                    color={STATE_COLOR[r.state]}
                    aria-label={`${r.label} progress`}
                    sx={PROGRESS_SX}
                  />
                )}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {ruleFigure(r, c, f)}
              </TableCell>
              <TableCell sx={{ color: `${STATE_COLOR[r.state]}.main`, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {ruleStateText(r)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ComplianceGroupWire, ComplianceResponse } from '@tradedesk/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { DataTable } from '../../shared/data-table/data-table';
import type { DataTableColumn } from '../../shared/data-table/data-table-types';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useActiveAccount } from '../trading';
import { type ComplianceArgs, useJournalComplianceQuery } from './compliance-api';
import { addDays, dayIn } from './journal-url';

const DisciplineChart = lazy(() => import('./discipline-chart').then((m) => ({ default: m.DisciplineChart })));

type Period = 'all' | '30d' | '90d' | 'year';
const periods: Record<Period, string> = {
  all: 'All time',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  year: 'This year',
};

type RuleRow = {
  id: string;
  level: 'Strategy' | 'Approach' | 'Checklist item';
  name: string;
  /** Where it belongs: "London breakout › Range break". */
  parent: string;
  followed: ComplianceGroupWire;
  broke: ComplianceGroupWire;
};

/** Strategies, each followed by its approaches, each followed by its checklist items. */
export function ruleRows(data: ComplianceResponse): RuleRow[] {
  return data.strategies.flatMap((s) => [
    {
      id: `s-${s.strategyId}`,
      level: 'Strategy' as const,
      name: s.name,
      parent: '',
      followed: s.followed,
      broke: s.broke,
    },
    ...s.approaches.flatMap((a) => [
      {
        id: `a-${a.approachId}`,
        level: 'Approach' as const,
        name: a.name,
        parent: s.name,
        followed: a.followed,
        broke: a.broke,
      },
      ...a.checklistItems.map((c) => ({
        id: `c-${a.approachId}-${c.itemId}`,
        level: 'Checklist item' as const,
        name: c.label,
        parent: `${s.name} › ${a.name}`,
        followed: c.followed,
        broke: c.broke,
      })),
    ]),
  ]);
}

const rText = (r: number | null) => (r === null ? '—' : `${r >= 0 ? '+' : ''}${r.toFixed(2)}R`);

function groupColumns(
  f: Formatters,
  currency: string,
  key: 'followed' | 'broke',
  title: string,
): DataTableColumn<RuleRow>[] {
  return [
    { id: `${key}.count`, header: `${title}: trades`, value: (r) => r[key].count, numeric: true, width: 110 },
    {
      id: `${key}.winRate`,
      header: `${title}: win rate`,
      value: (r) => r[key].winRate,
      numeric: true,
      format: (r) => (r[key].winRate === null ? '—' : f.percent(r[key].winRate, { digits: 1 })),
      width: 120,
    },
    {
      id: `${key}.averageR`,
      header: `${title}: avg R`,
      value: (r) => r[key].averageR,
      numeric: true,
      format: (r) => rText(r[key].averageR),
      width: 110,
    },
    {
      id: `${key}.net`,
      header: `${title}: P/L`,
      value: (r) => r[key].net,
      numeric: true,
      render: (r) => {
        const shown = f.pnl(r[key].net, currency);
        return r[key].count ? <Box sx={{ color: f.pnlColor(shown.direction) }}>{shown.text}</Box> : '—';
      },
      format: (r) => f.pnl(r[key].net, currency).text,
      width: 120,
    },
  ];
}

function GroupTile(props: { title: string; group: ComplianceGroupWire; currency: string; note?: string }) {
  const f = useFormatters();
  const { group } = props;
  const pnl = f.pnl(group.net, props.currency);
  return (
    <Paper variant="outlined" component="section" aria-label={props.title} sx={{ p: 1.5, minWidth: 200, flex: 1 }}>
      <Typography variant="subtitle2">{props.title}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, fontSize: 13 }}>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          Trades
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {group.count}
        </Box>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          Win rate
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {group.winRate === null ? '—' : f.percent(group.winRate, { digits: 1 })}
        </Box>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          Average R
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {rText(group.averageR)}
        </Box>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          P/L
        </Box>
        <Box component="dd" sx={{ m: 0, color: f.pnlColor(pnl.direction), fontWeight: 600 }}>
          {group.count ? pnl.text : '—'}
        </Box>
      </Box>
      {props.note && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {props.note}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The details tab: rule-compliance analytics (issue 12 item 7). For every strategy, approach and checklist item,
 * the reviewed trades that followed it against those that broke it (count, win rate, average R, P/L); the trades of
 * each mistake; the discipline score per day or week. Figures are the server's (GET /journal/compliance).
 */
export function ComplianceTab(props: { accountIds: string[] }) {
  const f = useFormatters();
  const active = useActiveAccount();
  const [period, setPeriod] = useState<Period>('all');
  const [account, setAccount] = useState(props.accountIds.length === 1 ? (props.accountIds[0] as string) : 'all');
  const [currency, setCurrency] = useState('');
  const [by, setBy] = useState<'days' | 'weeks'>('weeks');
  const tz = f.preferences.timeZone;
  const today = dayIn(new Date(), tz);
  const from =
    period === '30d'
      ? addDays(today, -29)
      : period === '90d'
        ? addDays(today, -89)
        : period === 'year'
          ? `${today.slice(0, 4)}-01-01`
          : undefined;
  const args: ComplianceArgs = { accountId: account, from, tz, ...(currency ? { currency } : {}) };
  const query = useJournalComplianceQuery(args);
  const data = query.data;
  const rows = useMemo(() => (data ? ruleRows(data) : []), [data]);
  const currencies = [...new Set(active.accounts.map((a) => a.currency))];

  const columns = useMemo<DataTableColumn<RuleRow>[]>(() => {
    const cur = data?.currency ?? 'USD';
    return [
      {
        id: 'name',
        header: 'Rule',
        value: (r) => r.name,
        hideable: false,
        width: 260,
        render: (r) => (
          <Box sx={{ pl: r.level === 'Strategy' ? 0 : r.level === 'Approach' ? 2 : 4, overflow: 'hidden' }}>
            <Box component="span" sx={{ fontWeight: r.level === 'Strategy' ? 600 : 400 }}>
              {r.name}
            </Box>
          </Box>
        ),
      },
      { id: 'level', header: 'Kind', value: (r) => r.level, width: 120 },
      { id: 'parent', header: 'Part of', value: (r) => r.parent, width: 200 },
      ...groupColumns(f, cur, 'followed', 'Followed'),
      ...groupColumns(f, cur, 'broke', 'Broke'),
    ];
  }, [f, data?.currency]);

  const controls = (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Account"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="all">All accounts</MenuItem>
        {active.accounts.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Period"
        value={period}
        onChange={(e) => setPeriod(e.target.value as Period)}
        sx={{ minWidth: 160 }}
      >
        {(Object.keys(periods) as Period[]).map((p) => (
          <MenuItem key={p} value={p}>
            {periods[p]}
          </MenuItem>
        ))}
      </TextField>
      {account === 'all' && currencies.length > 1 && (
        <TextField
          select
          size="small"
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          sx={{ minWidth: 140 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Pick one</MenuItem>
          {currencies.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );

  let body: React.ReactNode;
  if (query.isLoading || (query.isFetching && !data)) {
    body = <LoadingState label="Computing rule compliance" />;
  } else if (query.isError || !data) {
    body = (
      <ErrorState
        title="Rule compliance could not be loaded."
        message={isApiError(query.error) ? query.error.message : undefined}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const reviewed = data.overall.followed.count + data.overall.broke.count;
    const series = by === 'days' ? data.discipline.days : data.discipline.weeks;
    body = (
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, opacity: query.isFetching ? 0.6 : 1 }}
        aria-busy={query.isFetching}
      >
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <GroupTile
            title="Followed the rules"
            group={data.overall.followed}
            currency={data.currency}
            note="Every checklist item met, no mistake."
          />
          <GroupTile
            title="Broke a rule"
            group={data.overall.broke}
            currency={data.currency}
            note="A checklist item missed or a mistake made."
          />
          <GroupTile
            title="Not reviewed"
            group={data.overall.unreviewed}
            currency={data.currency}
            note="Closed trades not journaled yet."
          />
          <Paper variant="outlined" component="section" aria-label="Discipline score" sx={{ p: 1.5, minWidth: 160 }}>
            <Typography variant="subtitle2">Discipline score</Typography>
            <Typography sx={{ fontSize: 28, fontWeight: 600 }}>
              {data.discipline.score === null ? '—' : data.discipline.score.toFixed(0)}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {data.discipline.score === null
                ? 'No reviewed trade linked to a strategy or with a mistake yet.'
                : `of 100, over ${reviewed} reviewed trades`}
            </Typography>
          </Paper>
        </Box>

        <Box component="section" aria-label="Discipline over time">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
              Discipline over time
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={by}
              onChange={(_e, v: 'days' | 'weeks' | null) => v && setBy(v)}
              aria-label="Discipline score per"
            >
              <ToggleButton value="days">Days</ToggleButton>
              <ToggleButton value="weeks">Weeks</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {series.some((p) => p.score !== null) ? (
            <Suspense fallback={<Skeleton variant="rounded" height={220} aria-label="Loading the chart" />}>
              <DisciplineChart
                periods={series}
                label={`Discipline score per ${by === 'days' ? 'day' : 'week'}, 0 to 100`}
              />
            </Suspense>
          ) : (
            <EmptyState
              title="No reviewed trades in this period."
              description="Journal a trade (its strategy, checklist and mistakes) and its day gets a discipline score."
            />
          )}
        </Box>

        <Box component="section" aria-label="Rules">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Rules: followed vs broke
          </Typography>
          <DataTable
            label="Rule compliance"
            columns={columns}
            rows={rows}
            getRowId={(r) => r.id}
            height={Math.min(480, 96 + 37 * Math.max(rows.length, 2))}
            persistKey="journal-compliance"
            exportName="rule-compliance"
            empty={{
              title: 'No strategies yet.',
              description:
                'Write a strategy with approaches and checklists, link your trades to it, and see which rules make money.',
            }}
          />
        </Box>

        <Box component="section" aria-label="Mistakes">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Mistakes
          </Typography>
          <MistakesTable data={data} />
        </Box>
      </Box>
    );
  }

  // minmax(0, 1fr): the wide tables scroll inside the page instead of widening it.
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {controls}
      {body}
    </Box>
  );
}

type MistakeRow = ComplianceResponse['mistakes'][number];

function MistakesTable(props: { data: ComplianceResponse }) {
  const f = useFormatters();
  const { currency } = props.data;
  const columns = useMemo<DataTableColumn<MistakeRow>[]>(
    () => [
      { id: 'label', header: 'Mistake', value: (m) => m.label ?? 'A removed mistake', width: 220, hideable: false },
      { id: 'count', header: 'Trades', value: (m) => m.trades.count, numeric: true, width: 90 },
      {
        id: 'winRate',
        header: 'Win rate',
        value: (m) => m.trades.winRate,
        numeric: true,
        format: (m) => (m.trades.winRate === null ? '—' : f.percent(m.trades.winRate, { digits: 1 })),
      },
      {
        id: 'averageR',
        header: 'Avg R',
        value: (m) => m.trades.averageR,
        numeric: true,
        format: (m) => rText(m.trades.averageR),
      },
      {
        id: 'net',
        header: 'P/L',
        value: (m) => m.trades.net,
        numeric: true,
        format: (m) => (m.trades.count ? f.pnl(m.trades.net, currency).text : '—'),
      },
    ],
    [f, currency],
  );
  return (
    <DataTable
      label="Mistakes and their trades"
      columns={columns}
      rows={props.data.mistakes}
      getRowId={(m) => m.mistakeId}
      height={Math.min(320, 96 + 37 * Math.max(props.data.mistakes.length, 2))}
      initialSort={[{ id: 'count', desc: true }]}
      empty={{ title: 'No mistakes on your list.' }}
    />
  );
}

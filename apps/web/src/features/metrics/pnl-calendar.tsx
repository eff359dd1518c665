import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { MetricsBucket } from '@tradedesk/contracts';
import { useMemo } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { bucketShown, bucketValue, type Display, tradesText } from './metric-values';
import { addDays, isoWeekday } from './metrics-url';

export type DayBucket = MetricsBucket & { date: string };
export type WeekBucket = MetricsBucket & { weekStart: string; tradingDays: number };

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The first day (yyyy-mm-01) of the month `delta` months after the month of a yyyy-mm-dd day. */
export function shiftMonth(d: string, delta: number): string {
  const [y, m] = d.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The Mondays of the weeks (rows) a month's grid shows, each with its seven days. */
export function monthWeeks(monthStart: string): string[][] {
  const next = shiftMonth(monthStart, 1);
  const weeks: string[][] = [];
  let monday = addDays(monthStart, 1 - isoWeekday(monthStart));
  while (monday < next) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    monday = addDays(monday, 7);
  }
  return weeks;
}

const monthTitle = (monthStart: string, locale: string | undefined) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${monthStart}T00:00:00Z`),
  );
const dayTitle = (d: string, locale: string | undefined) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d}T00:00:00Z`));

/**
 * The daily P/L calendar (daily_perf): a month of days, each a button tinted by its P/L in the user's colours
 * (stronger for larger amounts) with its trade count, and the week's sum at the end of each row. A day or a week
 * with trades opens the trades behind it. A table, so a screen reader reads it by weekday and week.
 */
export function PnlCalendar(props: {
  days: DayBucket[];
  weeks: WeekBucket[];
  display: Display;
  /** yyyy-mm-01 of the month shown. */
  month: string;
  onMonth: (month: string) => void;
  onOpen: (title: string, bucket: MetricsBucket) => void;
}) {
  const f = useFormatters();
  const { display } = props;
  const locale = f.preferences.locale;
  const byDate = useMemo(() => new Map(props.days.map((d) => [d.date, d])), [props.days]);
  const byWeek = useMemo(() => new Map(props.weeks.map((w) => [w.weekStart, w])), [props.weeks]);
  const weeks = monthWeeks(props.month);
  const monthKey = props.month.slice(0, 7);
  const largest = Math.max(
    1e-9,
    ...weeks.flat().map((d) => {
      const b = byDate.get(d);
      return b ? Math.abs(bucketValue(b, display) ?? 0) : 0;
    }),
  );
  const title = monthTitle(props.month, locale);

  const cell = (b: MetricsBucket | undefined, heading: string, label: string, key: string, muted = false) => {
    if (!b || b.count === 0) {
      return (
        <Box
          sx={{
            height: '100%',
            p: 0.75,
            color: 'text.secondary',
            fontSize: 12,
            fontStyle: muted ? 'italic' : undefined,
          }}
          aria-label={`${label}: no trades`}
        >
          {heading}
        </Box>
      );
    }
    const shown = bucketShown(f, b, display);
    const v = bucketValue(b, display) ?? 0;
    const colour = f.pnlColor(shown.direction);
    return (
      <ButtonBase
        key={key}
        onClick={() => props.onOpen(label, b)}
        aria-label={`${label}: ${shown.text}${shown.missing ? ` (${shown.missing})` : ''}, ${tradesText(b.count)}`}
        title={shown.missing}
        sx={(theme) => ({
          width: '100%',
          height: '100%',
          display: 'grid',
          alignContent: 'space-between',
          justifyItems: 'start',
          textAlign: 'left',
          color: 'text.primary',
          p: 0.75,
          borderRadius: 1,
          bgcolor: alpha(colour, 0.08 + 0.3 * Math.min(1, Math.abs(v) / largest)),
          '&:hover': { outline: `1px solid ${colour}` },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        })}
      >
        <Box component="span" sx={{ fontSize: 12, fontStyle: muted ? 'italic' : undefined }}>
          {heading}
        </Box>
        <Box component="span" sx={{ fontWeight: 600, fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>
          {shown.text}
        </Box>
        <Box component="span" sx={{ fontSize: 11 }}>
          {tradesText(b.count)}
        </Box>
      </ButtonBase>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => props.onMonth(shiftMonth(props.month, -1))}>
          <ChevronLeft />
        </IconButton>
        <Typography component="h3" variant="subtitle1" sx={{ minWidth: 160, textAlign: 'center' }}>
          {title}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => props.onMonth(shiftMonth(props.month, 1))}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Box
        component="table"
        aria-label={`Daily P/L, ${title}`}
        sx={{
          width: '100%',
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 4,
          '& th': { fontSize: 12, fontWeight: 500, color: 'text.secondary', textAlign: 'left', px: 0.75 },
          '& td': { height: 72, p: 0, verticalAlign: 'top', border: 1, borderColor: 'divider', borderRadius: 1 },
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
            <th scope="col">Week</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((days) => {
            const monday = days[0] as string;
            const week = byWeek.get(monday);
            return (
              <tr key={monday}>
                {days.map((d) => (
                  <td key={d}>
                    {cell(byDate.get(d), String(Number(d.slice(8))), dayTitle(d, locale), d, !d.startsWith(monthKey))}
                  </td>
                ))}
                <Box component="td" sx={{ bgcolor: 'action.hover' }}>
                  {cell(week, 'Week', `Week of ${dayTitle(monday, locale)}`, `w${monday}`)}
                </Box>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}

import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { JournalAccount, JournalCalendarDay } from '@tradedesk/contracts';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { type CurrencyAmount, signOf, sumByCurrency } from './journal-money';
import { type AccountsMode, addDays, isoWeekday, monthWeeks, shiftMonth } from './journal-url';
import { MoodIcon, moodName } from './mood';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const monthTitle = (month: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
export const dayTitle = (d: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d}T00:00:00Z`));

const tradesText = (n: number) => `${n} trade${n === 1 ? '' : 's'}`;
const amountsText = (f: Formatters, amounts: readonly CurrencyAmount[]) =>
  amounts.map((a) => f.pnl(Number(a.net), a.currency).text).join(', ');

/** The direction of a set of amounts when they agree (all up, all down), else flat. */
function directionOf(amounts: readonly CurrencyAmount[]): 'up' | 'down' | 'flat' {
  const signs = new Set(amounts.map((a) => signOf(a.net)));
  if (signs.size !== 1) return 'flat';
  const [s] = [...signs];
  return s === 1 ? 'up' : s === -1 ? 'down' : 'flat';
}

/** Distinct dot colours for accounts that share one (new accounts all start with the same default). */
const ACCOUNT_PALETTE = ['#8861E4', '#2E7D32', '#ED6C02', '#0288D1', '#D81B60', '#6D4C41', '#00897B', '#F9A825'];

/** Initials of a name (up to three letters), the account's short label on a day. */
export function shortAccountName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Acc';
  if (words.length === 1) return (words[0] as string).slice(0, 3);
  return words
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** Each account's name, short label and colour: its own colour, another when an earlier account already has it. */
export function accountLooks(
  list: readonly { id: string; name: string; color: string }[],
): Map<string, { name: string; short: string; color: string }> {
  // An account keeps its colour when it is the first with it; the others take a palette colour no account has.
  const owner = new Map<string, string>();
  for (const a of list) if (a.color && !owner.has(a.color.toLowerCase())) owner.set(a.color.toLowerCase(), a.id);
  const used = new Set(owner.keys());
  const out = new Map<string, { name: string; short: string; color: string }>();
  for (const a of list) {
    let color = a.color;
    if (!color || owner.get(color.toLowerCase()) !== a.id) {
      color = ACCOUNT_PALETTE.find((c) => !used.has(c.toLowerCase())) ?? a.color;
      used.add(color.toLowerCase());
    }
    out.set(a.id, { name: a.name, short: shortAccountName(a.name), color });
  }
  return out;
}

/**
 * The journal's month (overview tab): each day a button with its net P/L in the user's colours (per currency),
 * its trade count, and icons for notes and mood; several accounts summed ("together") or one line each
 * ("apart"); the week's totals at the end of each row. Arrow keys move the selected day (across months too),
 * Home/End to the week's ends, Page Up/Down by a month, Enter or a click opens the day's entry.
 */
export function JournalCalendar(props: {
  /** yyyy-mm */
  month: string;
  days: readonly JournalCalendarDay[];
  accounts: readonly JournalAccount[];
  mode: AccountsMode;
  /** yyyy-mm-dd: the day with the keyboard focus (tab stop). */
  selected: string;
  today: string;
  onSelect: (day: string) => void;
  onOpen: (day: string) => void;
  onMonth: (month: string) => void;
  /** Greys the figures while another month loads. */
  busy?: boolean;
}) {
  const f = useFormatters();
  const locale = f.preferences.locale;
  const { month, selected, onSelect, onMonth } = props;
  const byDate = useMemo(() => new Map(props.days.map((d) => [d.date, d])), [props.days]);
  const accounts = useMemo(() => new Map(props.accounts.map((a) => [a.id, a])), [props.accounts]);
  const looks = useMemo(() => accountLooks(props.accounts), [props.accounts]);
  const weeks = monthWeeks(month);
  const title = monthTitle(month, locale);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef(false);

  // After a move by keyboard the focus follows the selection (also into the next month once it shows).
  useEffect(() => {
    if (!moved.current) return;
    const el = cells.current.get(selected);
    if (el) {
      el.focus();
      moved.current = false;
    }
  });

  const monthDays = props.days.filter((d) => d.date.startsWith(month));
  const monthTotals = sumByCurrency(monthDays.flatMap((d) => d.totals));
  const monthTrades = monthDays.reduce((n, d) => n + d.tradeCount, 0);
  const tradedDays = monthDays.filter((d) => d.tradeCount > 0).length;

  const move = (to: string) => {
    moved.current = true;
    if (!to.startsWith(month)) onMonth(to.slice(0, 7));
    onSelect(to);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(selected, -1),
      ArrowRight: () => addDays(selected, 1),
      ArrowUp: () => addDays(selected, -7),
      ArrowDown: () => addDays(selected, 7),
      Home: () => addDays(selected, 1 - isoWeekday(selected)),
      End: () => addDays(selected, 7 - isoWeekday(selected)),
      PageUp: () => `${shiftMonth(selected.slice(0, 7), -1)}${selected.slice(7)}`,
      PageDown: () => `${shiftMonth(selected.slice(0, 7), 1)}${selected.slice(7)}`,
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    let to = step();
    // 31 March, Page Down: the last day of April.
    while (Number.isNaN(Date.parse(`${to}T00:00:00Z`)) || new Date(`${to}T00:00:00Z`).toISOString().slice(0, 10) !== to)
      to = `${to.slice(0, 8)}${String(Number(to.slice(8)) - 1).padStart(2, '0')}`;
    move(to);
  };

  const pnlLine = (a: CurrencyAmount, prefix?: { name: string; color: string; short: string }) => {
    const shown = f.pnl(Number(a.net), a.currency);
    return (
      <Box
        component="span"
        key={`${prefix?.name ?? ''}${a.currency}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          fontSize: prefix ? 12 : 13,
          color: f.pnlColor(shown.direction),
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          maxWidth: '100%',
        }}
        title={prefix?.name}
      >
        {prefix && (
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: prefix.color, flexShrink: 0 }}
          />
        )}
        {prefix && (
          <Box component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 500, flexShrink: 0 }}>
            {prefix.short}
          </Box>
        )}
        {shown.text}
      </Box>
    );
  };

  const dayCell = (d: string) => {
    const day = byDate.get(d);
    const inMonth = d.startsWith(month);
    const totals = day?.totals ?? [];
    const direction = directionOf(totals);
    const traded = (day?.tradeCount ?? 0) > 0;
    const mood = moodName(day?.mood);
    const parts = [
      traded ? `${amountsText(f, totals)}, ${tradesText(day?.tradeCount ?? 0)}` : 'no trades',
      ...(props.mode === 'apart' && traded && (day?.accounts.length ?? 0) > 1
        ? (day?.accounts ?? []).map(
            (a) => `${accounts.get(a.accountId)?.name ?? 'Account'} ${f.pnl(Number(a.net), a.currency).text}`,
          )
        : []),
      ...(day?.hasNotes ? ['notes'] : []),
      ...(mood ? [`mood ${mood}`] : []),
      ...(d === props.today ? ['today'] : []),
    ];
    const tint = traded && direction !== 'flat' ? f.pnlColor(direction) : null;
    return (
      <ButtonBase
        ref={(el: HTMLButtonElement | null) => {
          if (el) cells.current.set(d, el);
          else cells.current.delete(d);
        }}
        tabIndex={d === selected ? 0 : -1}
        onClick={() => {
          onSelect(d);
          props.onOpen(d);
        }}
        onFocus={() => {
          if (d !== selected) onSelect(d);
        }}
        aria-label={`${dayTitle(d, locale)}: ${parts.join(', ')}`}
        aria-current={d === props.today ? 'date' : undefined}
        data-day={d}
        sx={(theme) => ({
          width: '100%',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 0.25,
          p: 0.75,
          borderRadius: 1,
          color: 'text.primary',
          bgcolor: tint ? alpha(tint, 0.14) : 'transparent',
          outline: d === selected ? `1px solid ${theme.palette.primary.main}` : undefined,
          '&:hover': { bgcolor: tint ? alpha(tint, 0.22) : 'action.hover' },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        })}
      >
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 12 }}>
          <Box
            component="span"
            sx={{
              fontWeight: d === props.today ? 700 : 400,
              color: d === props.today ? 'primary.main' : 'text.secondary',
              // Days of the months around: the date in italics (figures keep their colours, for contrast).
              fontStyle: inMonth ? undefined : 'italic',
              flexGrow: 1,
            }}
          >
            {Number(d.slice(8))}
          </Box>
          {day?.hasNotes && <EditNoteOutlined sx={{ fontSize: 16, color: 'text.secondary' }} titleAccess="Notes" />}
          {day?.mood ? (
            <Box component="span" sx={{ display: 'inline-flex', fontSize: 16, color: 'text.secondary' }}>
              <MoodIcon mood={day.mood} />
            </Box>
          ) : null}
        </Box>
        {traded &&
          (props.mode === 'apart' && (day?.accounts.length ?? 0) > 0
            ? (day?.accounts ?? []).map((a) =>
                pnlLine(
                  a,
                  looks.get(a.accountId) ?? { name: 'Account', short: 'Acc', color: ACCOUNT_PALETTE[0] as string },
                ),
              )
            : totals.map((t) => pnlLine(t)))}
        {traded && (
          <Box component="span" sx={{ fontSize: 11, color: 'text.secondary' }}>
            {tradesText(day?.tradeCount ?? 0)}
          </Box>
        )}
      </ButtonBase>
    );
  };

  const weekCell = (days: string[]) => {
    const inWeek = days.map((d) => byDate.get(d)).filter((d): d is JournalCalendarDay => Boolean(d));
    const totals = sumByCurrency(inWeek.flatMap((d) => d.totals));
    const count = inWeek.reduce((n, d) => n + d.tradeCount, 0);
    const label = `Week of ${dayTitle(days[0] as string, locale)}: ${
      count ? `${amountsText(f, totals)}, ${tradesText(count)}` : 'no trades'
    }`;
    return (
      <Box role="group" aria-label={label} sx={{ p: 0.75, display: 'grid', gap: 0.25, alignContent: 'start' }}>
        <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
          Week
        </Box>
        {count > 0 && totals.map((t) => pnlLine(t))}
        {count > 0 && (
          <Box component="span" sx={{ fontSize: 11, color: 'text.secondary' }}>
            {tradesText(count)}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box sx={{ opacity: props.busy ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={props.busy || undefined}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          <ChevronLeft />
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ minWidth: 160, textAlign: 'center', fontWeight: 600 }}>
          {title}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
          <ChevronRight />
        </IconButton>
        <Button
          size="small"
          onClick={() => {
            onMonth(props.today.slice(0, 7));
            onSelect(props.today);
          }}
        >
          Today
        </Button>
        <Box
          aria-label={`${title} totals`}
          role="group"
          sx={{ ml: 'auto', display: 'flex', gap: 2, alignItems: 'baseline', fontSize: 13, flexWrap: 'wrap' }}
        >
          {monthTrades > 0 ? (
            <>
              <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                {monthTotals.map((t) => pnlLine(t))}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {tradesText(monthTrades)} on {tradedDays} day{tradedDays === 1 ? '' : 's'}
              </Box>
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              No trades this month
            </Box>
          )}
        </Box>
      </Box>
      <Box
        component="table"
        aria-label={`Journal, ${title}`}
        onKeyDown={onKeyDown}
        sx={{
          width: '100%',
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 4,
          '& th': { fontSize: 12, fontWeight: 500, color: 'text.secondary', textAlign: 'left', px: 0.75 },
          '& td': { height: 92, p: 0, verticalAlign: 'top', border: 1, borderColor: 'divider', borderRadius: 1 },
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
          {weeks.map((days) => (
            <tr key={days[0]}>
              {days.map((d) => (
                <Box component="td" key={d} sx={d.startsWith(month) ? undefined : { borderStyle: 'dashed !important' }}>
                  {dayCell(d)}
                </Box>
              ))}
              <Box component="td" sx={{ bgcolor: 'action.hover' }}>
                {weekCell(days)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

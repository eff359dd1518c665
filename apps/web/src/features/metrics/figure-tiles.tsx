import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MetricsOverview } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { visuallyHidden } from '../../shared/states/visually-hidden';
import {
  type Display,
  durationText,
  missing,
  NO_STOP,
  ratioShown,
  type Shown,
  signedShown,
  tradeAmount,
  tradesText,
} from './metric-values';

export type Tile = { label: string; value: Shown; detail?: ReactNode };

/** A figure's value: in the P/L colours when signed, "—" with the reason as its title when it has none. */
export function ShownValue(props: { value: Shown; signed?: boolean }) {
  const f = useFormatters();
  const { value } = props;
  if (value.missing) {
    return (
      <Box component="span" title={value.missing} sx={{ cursor: 'help' }}>
        {value.text}
        <Box component="span" sx={visuallyHidden}>
          {` (${value.missing})`}
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="span"
      data-direction={value.direction}
      sx={{
        color: props.signed ? f.pnlColor(value.direction) : undefined,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {value.text}
    </Box>
  );
}

/** Dense tiles of headline figures, a description list for screen readers. */
export function FigureTiles(props: { label: string; tiles: Tile[]; unsigned?: ReadonlySet<string> }) {
  return (
    <Box
      component="dl"
      aria-label={props.label}
      sx={{
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
      }}
    >
      {props.tiles.map((tile) => (
        <Box
          key={tile.label}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.25, py: 0.75, bgcolor: 'background.paper' }}
        >
          <Typography component="dt" variant="caption" color="text.secondary" noWrap>
            {tile.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: 18, fontWeight: 600, lineHeight: 1.4 }}>
            <ShownValue value={tile.value} signed={!props.unsigned?.has(tile.label)} />
          </Typography>
          {tile.detail && (
            <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>
              {tile.detail}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

const plain = (text: string): Shown => ({ text, direction: 'flat' });

/** A figure in R, signed, two decimals ("+0.13R"), whatever the display unit. */
function rShown(f: Formatters, r: number): Shown {
  const p = f.pnl(r, undefined, { digits: 2 });
  return { text: `${p.text}R`, direction: p.direction };
}

/** Mean R of the trades picked (those with an initial stop), or null. */
function meanR(trades: Iterable<{ r: number | null }>): number | null {
  let sum = 0;
  let n = 0;
  for (const t of trades) {
    if (t.r === null) continue;
    sum += t.r;
    n += 1;
  }
  return n > 0 ? sum / n : null;
}

/**
 * The overview's headline figures (spec section 2 "Metrics", issue 11 item 4) in the display's unit. Ratios
 * are of net P/L whatever the basis; the P/L total follows it.
 */
export function overviewTiles(f: Formatters, o: MetricsOverview, display: Display): Tile[] {
  const trades = o.tradeIds.map((id) => display.trades.get(id)).filter((t) => t !== undefined);
  const wins = trades.filter((t) => t.net > 0);
  const losses = trades.filter((t) => t.net < 0);
  const rOf = (id: string | null) => (id ? (display.trades.get(id)?.r ?? null) : null);
  const none = 'No trades in this period.';
  const total = display.basis === 'net' ? o.net : o.gross;
  const totalR =
    display.unit === 'r'
      ? trades.reduce<number | null>(
          (sum, t) => (t.risk && t.risk > 0 ? (sum ?? 0) + tradeAmount(t, display.basis) / t.risk : sum),
          null,
        )
      : null;
  const dd = o.maxDrawdown;
  const ddValue: Shown =
    o.count === 0
      ? missing(none)
      : display.unit === 'r'
        ? missing('Drawdown is a fall of the balance, which has no R.')
        : display.unit === 'percent'
          ? {
              text: dd.money > 0 ? `-${f.percent(dd.percent)}` : f.percent(0),
              direction: dd.money > 0 ? 'down' : 'flat',
            }
          : { text: f.pnl(-dd.money, display.currency).text, direction: dd.money > 0 ? 'down' : 'flat' };
  const ddDetail =
    dd.money > 0
      ? `${durationText(dd.durationSeconds)}${dd.recovered ? ', recovered' : ', not yet recovered'}`
      : o.count > 0
        ? 'No fall from a peak'
        : undefined;
  const streak = (s: MetricsOverview['longestWinStreak']) =>
    o.count === 0 ? missing(none) : plain(tradesText(s.length));
  return [
    {
      label: display.basis === 'net' ? 'Net P/L' : 'Gross P/L',
      value: o.count === 0 ? missing(none) : signedShown(f, total, display, { r: totalR }),
      detail:
        display.basis === 'net'
          ? `Gross ${f.money(o.gross, display.currency)}`
          : `Net ${f.money(o.net, display.currency)}`,
    },
    {
      label: 'Win rate',
      value: o.winRate === null ? missing(none) : plain(f.percent(o.winRate, { digits: 1 })),
      detail: `${o.wins} won, ${o.losses} lost${o.breakEven ? `, ${o.breakEven} even` : ''}`,
    },
    {
      label: 'Profit factor',
      value: o.flags.profitFactorInfinite
        ? missing('No losing trades: gains over no losses have no bound.')
        : ratioShown(f, o.profitFactor, 2, none),
    },
    {
      label: 'Expectancy',
      value: signedShown(f, o.expectancy, display, { r: o.averageR, noValue: none }),
      detail: 'per trade',
    },
    {
      label: 'Average win',
      value: signedShown(f, o.averageWin, display, { r: meanR(wins), noValue: 'No winning trades.' }),
    },
    {
      label: 'Average loss',
      value: signedShown(f, o.averageLoss, display, { r: meanR(losses), noValue: 'No losing trades.' }),
    },
    {
      label: 'Largest win',
      value: signedShown(f, o.largestWin, display, { r: rOf(o.largestWinTradeId), noValue: 'No winning trades.' }),
    },
    {
      label: 'Largest loss',
      value: signedShown(f, o.largestLoss, display, { r: rOf(o.largestLossTradeId), noValue: 'No losing trades.' }),
    },
    {
      label: 'Average R',
      // An R figure is never money: shown in R whatever the display unit.
      value: o.averageR === null ? missing(o.count ? NO_STOP : none) : rShown(f, o.averageR),
      detail: `${o.tradesWithR} of ${tradesText(o.count)} with a stop`,
    },
    { label: 'Max drawdown', value: ddValue, detail: ddDetail },
    {
      label: 'Return',
      value:
        o.returnPercent === null
          ? missing(o.count ? 'The period starts without a balance to measure the return against.' : none)
          : {
              ...f.pnl(o.returnPercent, undefined, { digits: 2 }),
              text: `${f.pnl(o.returnPercent, undefined, { digits: 2 }).text}%`,
            },
      detail: `of ${f.money(o.startingBalance, display.currency)}`,
    },
    {
      label: 'Sharpe',
      value: ratioShown(f, o.sharpe, 2, 'Needs at least two days of returns that differ.'),
      detail: 'daily, annualised',
    },
    {
      label: 'Sortino',
      value: ratioShown(f, o.sortino, 2, 'Needs at least two days of returns with a losing day.'),
      detail: 'daily, annualised',
    },
    {
      label: 'K-ratio',
      value: ratioShown(f, o.kRatio, 2, 'Needs at least three trades whose P/L curve is not a straight line.'),
    },
    {
      label: 'Trades',
      value: plain(String(o.count)),
      detail: `${o.longCount} long, ${o.shortCount} short`,
    },
    {
      label: 'Longest win streak',
      value: streak(o.longestWinStreak),
      detail: o.longestWinStreak.length ? f.pnl(o.longestWinStreak.net, display.currency).text : undefined,
    },
    {
      label: 'Longest loss streak',
      value: streak(o.longestLossStreak),
      detail: o.longestLossStreak.length ? f.pnl(o.longestLossStreak.net, display.currency).text : undefined,
    },
    { label: 'Commissions', value: { ...f.pnl(o.commission, display.currency) } },
    { label: 'Swaps', value: { ...f.pnl(o.swap, display.currency) } },
  ];
}

/** Tiles whose value is no P/L: shown in the text colour. */
export const unsignedTiles = new Set([
  'Win rate',
  'Profit factor',
  'Sharpe',
  'Sortino',
  'K-ratio',
  'Trades',
  'Longest win streak',
  'Longest loss streak',
]);

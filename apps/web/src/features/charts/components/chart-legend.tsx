import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { type Candle, indexOfTime, type LegendValues, legendValues } from '../model/candles';

/** The time under the crosshair, kept outside React state so a mouse move re-renders the legend alone. */
export type HoverStore = {
  get(): number | null;
  set(time: number | null): void;
  subscribe(listener: () => void): () => void;
};

export function createHoverStore(): HoverStore {
  let time: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => time,
    set: (next) => {
      if (next === time) return;
      time = next;
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The legend of the bar under the crosshair, or of the last bar when the pointer is elsewhere. */
export function HoverLegend(props: {
  hover: HoverStore;
  bars: readonly Candle[];
  title: string;
  digits: number;
  formatTime(unixSeconds: number): string;
}) {
  const time = useSyncExternalStore(props.hover.subscribe, props.hover.get);
  const { bars } = props;
  const hoverIndex = time === null ? -1 : indexOfTime(bars, time);
  const index = hoverIndex >= 0 ? hoverIndex : bars.length - 1;
  const bar = bars[index];
  return (
    <ChartLegend
      title={props.title}
      values={bar ? legendValues(bar, bars[index - 1]) : null}
      digits={props.digits}
      dateText={bar ? props.formatTime(bar.time) : null}
    />
  );
}

const NARROW_HIDDEN = { display: { xs: 'none', sm: 'inline' } } as const;

/** The bar under the crosshair (or the last one): open, high, low, close, change and volume. */
export function ChartLegend(props: {
  title: string;
  values: LegendValues | null;
  digits: number;
  dateText: string | null;
}) {
  const f = useFormatters();
  const v = props.values;
  const direction = !v || v.change === 0 ? 'flat' : v.change > 0 ? 'up' : 'down';
  const color = f.pnlColor(direction);
  const sign = v && v.change > 0 ? '+' : '';
  const items: [string, string][] = v
    ? [
        ['O', f.price(v.open, props.digits)],
        ['H', f.price(v.high, props.digits)],
        ['L', f.price(v.low, props.digits)],
        ['C', f.price(v.close, props.digits)],
      ]
    : [];
  return (
    <Box
      aria-label="Legend"
      role="group"
      sx={{
        position: 'absolute',
        top: 8,
        left: 12,
        // Clear of the price scale at the right (about 70 px for prices of 5 digits), so a phone's legend wraps
        // instead of running under it; a veil keeps it readable over the candles.
        maxWidth: 'calc(100% - 96px)',
        px: 0.5,
        borderRadius: 0.5,
        bgcolor: (theme) => alpha(theme.palette.background.default, 0.72),
        zIndex: 2,
        pointerEvents: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 1.25,
        fontSize: 12,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <Typography component="span" sx={{ fontWeight: 600, fontSize: 13 }}>
        {props.title}
      </Typography>
      {items.map(([label, value]) => (
        // A phone keeps the close and the change on one or two lines; open, high and low from a wider screen.
        <Box component="span" key={label} sx={label === 'C' ? undefined : NARROW_HIDDEN}>
          <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
            {label}
          </Box>
          <Box component="span" sx={{ color }} data-testid={`legend-${label}`}>
            {value}
          </Box>
        </Box>
      ))}
      {v && (
        <Box component="span" sx={{ color }} data-testid="legend-change">
          {sign}
          {f.price(v.change, props.digits)} ({sign}
          {f.percent(v.changePercent)})
        </Box>
      )}
      {v && (
        <Box component="span" sx={{ color: 'text.secondary', ...NARROW_HIDDEN }}>
          Vol {f.volume(v.volume, { unit: 'units', compact: true })}
        </Box>
      )}
      {props.dateText && (
        <Box component="span" sx={{ color: 'text.secondary', ...NARROW_HIDDEN }}>
          {props.dateText}
        </Box>
      )}
    </Box>
  );
}

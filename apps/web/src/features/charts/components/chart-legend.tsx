import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../../../shared/format/format-preferences';
import type { LegendValues } from '../model/candles';

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
        <Box component="span" key={label}>
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
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Vol {f.volume(v.volume, { unit: 'units', compact: true })}
        </Box>
      )}
      {props.dateText && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {props.dateText}
        </Box>
      )}
    </Box>
  );
}

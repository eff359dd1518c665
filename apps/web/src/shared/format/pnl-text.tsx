import Box from '@mui/material/Box';
import { useFormatters } from './format-preferences';

/**
 * A signed profit or loss in the user's up/down colours: "+$12.50" or "-$3.00". The sign carries the meaning
 * too, so it never depends on colour alone. Tabular figures keep columns of them aligned.
 */
export function PnlText(props: { value: number | null | undefined; currency?: string; digits?: number }) {
  const f = useFormatters();
  const { text, direction } = f.pnl(props.value, props.currency, { digits: props.digits });
  return (
    <Box
      component="span"
      data-direction={direction}
      sx={{ color: f.pnlColor(direction), fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { TRADING_COLUMN_WIDTH } from './trading-column';

const Panel = lazy(() => import('./chart-trading-panel').then((m) => ({ default: m.ChartTradingPanel })));

/**
 * The chart screen's trading column, loaded with its own chunk. While it loads, its width is kept free on wide
 * screens, so the chart does not shrink under the trader's pointer when the column arrives.
 */
export function LazyChartTradingPanel(props: { symbol: string }) {
  return (
    <Suspense
      fallback={
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'block' },
            width: TRADING_COLUMN_WIDTH,
            flexShrink: 0,
            borderLeft: 1,
            borderColor: 'divider',
          }}
        />
      }
    >
      <Panel symbol={props.symbol} />
    </Suspense>
  );
}

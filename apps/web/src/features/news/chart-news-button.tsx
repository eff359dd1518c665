import Newspaper from '@mui/icons-material/NewspaperOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';

const Drawer = lazy(() => import('./chart-news-panel'));

/**
 * The chart bar's News button: opens the news of the chart's instrument in a drawer beside the chart. The drawer
 * and the list load with their own chunk on the first opening, so the chart page does not grow.
 */
export function ChartNewsButton(props: { symbol: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Tooltip title={`News for ${props.symbol}`}>
        <IconButton
          size="small"
          aria-label="News"
          aria-expanded={open}
          onClick={() => {
            setLoaded(true);
            setOpen((o) => !o);
          }}
        >
          <Newspaper fontSize="small" />
        </IconButton>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <Drawer symbol={props.symbol} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

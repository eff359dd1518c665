import Newspaper from '@mui/icons-material/NewspaperOutlined';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../shared/states/loading-state';

const Panel = lazy(() => import('./chart-news-panel'));

/** The chart bar's News button: opens the news of the chart's instrument beside the chart, loaded with its own chunk. */
export function ChartNewsButton(props: { symbol: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={`News for ${props.symbol}`}>
        <IconButton size="small" aria-label="News" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <Newspaper fontSize="small" />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
        slotProps={{ paper: { 'aria-label': `News for ${props.symbol}`, sx: { width: { xs: '100%', sm: 420 } } } }}
      >
        {open && (
          <Suspense fallback={<LoadingState label="Loading news" />}>
            <Panel symbol={props.symbol} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}

import OpenInFull from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '../../../shared/states/loading-state';

// The chart engine is the shared-chart page's; loaded only when a post with a live chart scrolls into view, so
// the feed's first page does not carry it.
const SharedChartPreview = lazy(() =>
  import('../../charts/tools/shared-chart-preview').then((m) => ({ default: m.SharedChartPreview })),
);

/** Whether the element has come near the viewport once (always true where IntersectionObserver is missing). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/** A live shared chart attached to a post: a compact read-only preview and a link to open it full size. */
export function LiveChartCard(props: { token: string; symbol: string; timeframe: string }) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const href = `/shared/charts/${encodeURIComponent(props.token)}`;
  return (
    <Box
      ref={ref}
      component="figure"
      aria-label={`Live chart: ${props.symbol} · ${props.timeframe}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, overflow: 'hidden' }}
    >
      <Box sx={{ minHeight: 240, bgcolor: 'background.default' }}>
        {seen && (
          <Suspense fallback={<LoadingState label="Loading the chart" />}>
            <SharedChartPreview token={props.token} />
          </Suspense>
        )}
      </Box>
      <Box
        component="figcaption"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          Live chart: {props.symbol} · {props.timeframe}
        </Typography>
        <Link
          component={RouterLink}
          to={href}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <OpenInFull fontSize="inherit" aria-hidden />
          Open the live chart
        </Link>
      </Box>
    </Box>
  );
}

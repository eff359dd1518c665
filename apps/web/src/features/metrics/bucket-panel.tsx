import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MetricsBucket } from '@tradedesk/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { LoadingState } from '../../shared/states/loading-state';
import { bucketShown, bucketValue, type Display, tradesText, unitLabel } from './metric-values';

// The chart library is the screen's own lazy chunk, fetched when the first plot shows.
const BucketBars = lazy(() => import('./metrics-charts').then((m) => ({ default: m.BucketBars })));

export type LabelledBucket = { label: string; bucket: MetricsBucket };

/** A titled panel of the screen. */
export function MetricsPanel(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 1.5, minWidth: 0 }} aria-label={props.title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      {props.children}
    </Paper>
  );
}

/**
 * Buckets as bars (P/L, or trade counts for a histogram) and, under the plot, one button per bucket with trades
 * giving its P/L and count: a click on a bar or a button opens the trades behind it (the buttons are the
 * keyboard's and screen reader's way in).
 */
export function BucketPanel(props: {
  title: string;
  buckets: LabelledBucket[];
  display: Display;
  measure?: 'value' | 'count';
  onOpen: (title: string, bucket: MetricsBucket) => void;
}) {
  const f = useFormatters();
  const { buckets, display, onOpen, title } = props;
  const measure = props.measure ?? 'value';
  const bars = useMemo(
    () =>
      buckets.map(({ label, bucket }) => ({
        label,
        value: bucketValue(bucket, display),
        count: bucket.count,
        text: bucketShown(f, bucket, display).text,
      })),
    [buckets, display, f],
  );
  const open = useCallback(
    (index: number) => {
      const b = buckets[index];
      if (b && b.bucket.count > 0) onOpen(`${title}: ${b.label}`, b.bucket);
    },
    [buckets, onOpen, title],
  );
  const withTrades = buckets.filter((b) => b.bucket.count > 0);
  return (
    <MetricsPanel title={title}>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        <BucketBars
          bars={bars}
          measure={measure}
          unit={unitLabel(display)}
          label={`${title}: ${withTrades.length} of ${buckets.length} buckets with trades`}
          onSelect={open}
        />
      </Suspense>
      <Box
        component="ul"
        aria-label={`${title}, buckets`}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {withTrades.map(({ label, bucket }) => {
          const shown = bucketShown(f, bucket, display);
          return (
            <li key={label}>
              <ButtonBase
                onClick={() => onOpen(`${title}: ${label}`, bucket)}
                aria-label={`${label}: ${shown.text}, ${tradesText(bucket.count)}`}
                sx={(theme) => ({
                  px: 0.75,
                  py: 0.25,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  fontSize: 12,
                  gap: 0.5,
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
                })}
              >
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {label}
                </Box>
                <Box component="span" sx={{ color: f.pnlColor(shown.direction), fontVariantNumeric: 'tabular-nums' }}>
                  {shown.text}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  ({bucket.count})
                </Box>
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </MetricsPanel>
  );
}

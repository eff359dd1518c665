import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { densityMetrics, useDensity } from '../density/density';
import { visuallyHidden } from './visually-hidden';

export type LoadingStateProps = {
  /** What is loading, read out to screen readers and shown beside the spinner: "Loading positions". */
  label?: string;
  /** 'spinner' (default) or 'rows': placeholder rows where a list or table will be. */
  variant?: 'spinner' | 'rows';
  /** How many placeholder rows (variant 'rows'); 6 by default. */
  rows?: number;
};

/** Something is on its way: a labelled spinner or placeholder rows, announced politely. */
export function LoadingState(props: LoadingStateProps) {
  const density = useDensity();
  const label = props.label ?? 'Loading';
  if (props.variant === 'rows') {
    const height = densityMetrics[density].rowHeight;
    return (
      <Box role="status" aria-live="polite" aria-busy="true" sx={{ px: 1, py: 0.5 }}>
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
        {Array.from({ length: props.rows ?? 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <Skeleton key={i} variant="rounded" height={height - 8} sx={{ my: '8px' }} />
        ))}
      </Box>
    );
  }
  const compact = density === 'compact';
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy="true"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: compact ? 2 : 4, px: 2 }}
    >
      <CircularProgress size={compact ? 16 : 24} aria-hidden />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}…
      </Typography>
    </Box>
  );
}

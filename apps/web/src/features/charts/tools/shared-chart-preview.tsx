import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-error';
import { LoadingState } from '../../../shared/states/loading-state';
import { selectCurrentUser } from '../../auth';
import { SharedChartView } from './shared-chart-view';
import { useSharedChartQuery } from './tools-api';

/**
 * A compact, read-only preview of a shared chart (GET /charts/share/{token}) with the shared-chart page's own
 * chart component: candles, indicators and drawings, live. Loaded lazily by the posts that embed a live chart.
 */
export function SharedChartPreview(props: { token: string }) {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const shared = useSharedChartQuery(props.token);
  if (shared.isLoading) return <LoadingState label="Loading the chart" />;
  if (shared.isError || !shared.data) {
    const gone = (shared.error as ApiError | undefined)?.status === 404;
    return (
      <Box sx={{ height: 80, display: 'grid', placeItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {gone ? 'The owner stopped sharing this chart.' : 'The chart could not be loaded.'}
        </Typography>
      </Box>
    );
  }
  return <SharedChartView shared={shared.data} signedIn={signedIn} compact />;
}

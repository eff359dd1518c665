import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { selectCurrentUser } from '../../auth';
import { SharedChartView } from './shared-chart-view';
import { useSharedChartQuery } from './tools-api';

/**
 * A chart shared by its public link (`/shared/charts/:token`, GET /charts/share/{token}), read-only, signed in
 * or out, and live for both: a signed-out visitor gets the forming bar over a guest WebSocket and the shared
 * indicators' values from the link (GET /charts/share/{token}/indicators/{id}).
 */
export function SharedChartPage() {
  const { token = '' } = useParams();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const shared = useSharedChartQuery(token);
  const data = shared.data;

  let body: ReactNode;
  if (shared.isLoading) body = <LoadingState label="Loading the chart" />;
  else if (shared.isError || !data) {
    const error = shared.error as ApiError | undefined;
    body =
      error?.status === 404 ? (
        <EmptyState
          title="This link does not work."
          description="The owner stopped sharing the chart, or it was deleted."
        />
      ) : (
        <ErrorState
          title="The chart could not be loaded."
          message={error?.message}
          onRetry={() => void shared.refetch()}
        />
      );
  } else body = <SharedChartView shared={data} signedIn={signedIn} />;

  return (
    <Box
      component="main"
      sx={{ p: { xs: 1.5, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {data ? `${data.name} · ${data.instrument.name}` : 'Shared chart'}
        </Typography>
        <Chip size="small" label="Read-only" variant="outlined" />
        <Chip size="small" label="Simulated market" variant="outlined" />
        {!signedIn && (
          <Button component={RouterLink} to="/sign-in" variant="outlined" size="small">
            Sign in
          </Button>
        )}
      </Box>
      {body}
      <Typography component="footer" variant="caption" color="text.secondary">
        Charts by{' '}
        <Link href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" color="inherit">
          TradingView Lightweight Charts™
        </Link>
        , Copyright © 2025 TradingView, Inc.
      </Typography>
    </Box>
  );
}

export { SharedChartPage as Component };

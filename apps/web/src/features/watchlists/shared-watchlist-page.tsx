import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import type { ApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useGuestWsClient } from '../../shared/ws/use-guest-ws-client';
import { selectAuthStatus, selectCurrentUser } from '../auth';
import { WatchlistTable } from './watchlist-table';
import { useSharedWatchlistQuery } from './watchlists-api';

/**
 * A shared watchlist, read-only, for anyone with the link (GET /watchlist/share/{token}), with live prices over
 * the WebSocket: the app's own connection for a signed-in visitor, a signed-out (guest) one otherwise, which
 * serves the public market channels only.
 */
export function SharedWatchlistPage() {
  const { token = '' } = useParams();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const guestClient = useGuestWsClient(useAppSelector(selectAuthStatus) === 'signedOut');
  const shared = useSharedWatchlistQuery(token);

  let body: ReactNode;
  if (shared.isLoading) body = <LoadingState label="Loading the watchlist" />;
  else if (shared.isError) {
    const error = shared.error as ApiError | undefined;
    body =
      error?.status === 404 ? (
        <EmptyState
          title="This link does not work."
          description="The owner stopped sharing the list, or it was deleted."
        />
      ) : (
        <ErrorState
          title="The watchlist could not be loaded."
          message={error?.message}
          onRetry={() => void shared.refetch()}
        />
      );
  } else if (shared.data) {
    const rows = shared.data.symbols.map((s) => ({ ...s, id: `${s.source}:${s.ticker}` }));
    body = (
      <Paper variant="outlined">
        {rows.length === 0 ? (
          <EmptyState title="This list is empty." />
        ) : (
          <WatchlistTable
            label={`${shared.data.name} symbols`}
            rows={rows}
            live
            client={guestClient}
            exportName={`watchlist-${shared.data.name.replace(/[^\w .-]+/g, '-')}`}
          />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, py: 1 }}>
          Prices: Simulated market. Change is against the previous day's close.
        </Typography>
      </Paper>
    );
  }

  return (
    <Box
      component="main"
      sx={{
        p: { xs: 2, md: 4 },
        maxWidth: 960,
        mx: 'auto',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {shared.data?.name ?? 'Shared watchlist'}
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
    </Box>
  );
}

export { SharedWatchlistPage as Component };

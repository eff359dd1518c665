import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import type { ApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { useSavedChartsQuery } from '../charts/workspace/saved-charts-api';

// The catalogue's labels (packages/core market/timeframes), kept here: the dashboard's chunk does not load core.
const TIMEFRAME_LABELS: Record<string, string> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '30m': '30 minutes',
  '1h': '1 hour',
  '4h': '4 hours',
  '1D': '1 day',
  '1W': '1 week',
  '1M': '1 month',
};
const timeframeLabel = (tf: string) => TIMEFRAME_LABELS[tf] ?? tf;

/** The dashboard's active charts: the user's saved charts, newest change first, each opening on the chart screen. */
export function ActiveCharts() {
  const f = useFormatters();
  const charts = useSavedChartsQuery();
  if (charts.isError) {
    return (
      <ErrorState
        title="Your saved charts could not be loaded."
        message={(charts.error as ApiError | undefined)?.message}
        onRetry={() => void charts.refetch()}
        retrying={charts.isFetching}
      />
    );
  }
  if (charts.data?.length === 0) {
    return (
      <EmptyState
        title="No saved charts yet"
        description="Open a chart and choose “Save as new chart” in its charts menu: it shows here."
        action={
          <Button component={RouterLink} to="/chart" variant="outlined">
            Open the chart
          </Button>
        }
      />
    );
  }
  const rows = [...(charts.data ?? [])].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <Table size="small" aria-label="Active charts" aria-busy={charts.isLoading}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Symbol</TableCell>
          <TableCell>Timeframe</TableCell>
          <TableCell>Last change</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {charts.isLoading &&
          [0, 1, 2].map((i) => (
            <TableRow key={i}>
              {[0, 1, 2, 3].map((c) => (
                <TableCell key={c}>
                  <Skeleton width={c === 0 ? 140 : 80} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {rows.map((c) => (
          <TableRow key={c.id} hover>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={`/chart?chart=${encodeURIComponent(c.id)}`}>
                {c.name}
              </Link>
            </TableCell>
            <TableCell>{c.symbol}</TableCell>
            <TableCell>{timeframeLabel(c.timeframe)}</TableCell>
            <TableCell>{f.dateTime(Date.parse(c.updatedAt))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

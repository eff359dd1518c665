import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ChartTimeframe } from '@tradedesk/contracts';
import { useState } from 'react';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import type { ChartType } from '../components/chart-engine';
import { apiErrorMessage } from '../indicators/errors';
import { useIndicatorListQuery } from '../indicators/indicator-api';
import type { ChartIndicatorState } from '../indicators/model';
import { useSavedChartQuery, useShareChartMutation, useUnshareChartMutation } from './tools-api';

export type ShareDialogProps = {
  open: boolean;
  onClose(): void;
  /** The saved chart on the screen (the `chart` of the link), or null for a chart not saved. */
  chartId: string | null;
  symbol: string;
  timeframe: ChartTimeframe;
  timeframeLabel: string;
  chartType: ChartType;
  indicators: readonly ChartIndicatorState[];
};

/** The public page of a share token. */
export function sharedChartUrl(token: string): string {
  return `${window.location.origin}/shared/charts/${encodeURIComponent(token)}`;
}

/**
 * The share dialog: a saved chart's public, read-only link (anyone with it sees the chart signed out), made
 * from what the screen shows now (timeframe, chart type, indicators; the drawings are the chart's), updated
 * to the current view, copied, or revoked. A chart not saved cannot be shared, and the dialog says so.
 */
export function ShareDialog(props: ShareDialogProps) {
  const chart = useSavedChartQuery(props.chartId ?? '', { skip: !props.open || !props.chartId });
  const catalogue = useIndicatorListQuery({}, { skip: !props.open || props.indicators.length === 0 });
  const [share, sharing] = useShareChartMutation();
  const [unshare, unsharing] = useUnshareChartMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const token = chart.data?.shareToken ?? null;
  const link = token ? sharedChartUrl(token) : null;

  const names = props.indicators.map(
    (i) => catalogue.data?.indicators.find((d) => d.id === i.name)?.shortName ?? i.name.toUpperCase(),
  );
  const shows = `${props.symbol} at ${props.timeframeLabel}, ${
    names.length ? `with ${names.join(', ')}` : 'without indicators'
  }, and the chart's drawings.`;

  const publish = async () => {
    if (!props.chartId) return;
    setMessage(null);
    const r = await share({
      chartId: props.chartId,
      timeframe: props.timeframe,
      indicators: props.indicators,
      chartType: props.chartType,
    });
    setMessage(
      r.error
        ? { ok: false, text: apiErrorMessage(r.error, 'The link could not be made.') }
        : { ok: true, text: token ? 'The link now shows this view.' : 'Anyone with the link can see this chart.' },
    );
  };
  const revoke = async () => {
    if (!props.chartId) return;
    setMessage(null);
    const r = await unshare({ chartId: props.chartId });
    setMessage(
      r.error
        ? { ok: false, text: apiErrorMessage(r.error, 'The link could not be revoked.') }
        : { ok: true, text: 'The link no longer works.' },
    );
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setMessage({ ok: true, text: 'Link copied.' });
    } catch {
      setMessage({ ok: false, text: 'The browser did not allow copying; select the link and copy it yourself.' });
    }
  };

  let body: React.ReactNode;
  if (!props.chartId) {
    body = (
      <InlineAlert severity="info" title="Save the chart first">
        Only a saved chart can be shared: its link shows the saved chart's drawings. This chart is not saved yet.
      </InlineAlert>
    );
  } else if (chart.isLoading) body = <LoadingState label="Loading the chart" />;
  else if (chart.isError || !chart.data) {
    body = (
      <ErrorState
        title="The chart could not be loaded."
        message={apiErrorMessage(chart.error, '')}
        onRetry={() => void chart.refetch()}
      />
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <DialogContentText>
          {link ? 'The link shows' : 'A link will show'} {shows} It is read-only, and works signed out.
        </DialogContentText>
        {link && (
          <TextField
            size="small"
            label="Public link"
            value={link}
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label="Copy link" onClick={() => void copy()}>
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Box>
    );
  }

  const ready = Boolean(props.chartId && chart.data);
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="share-chart-title">
      <DialogTitle id="share-chart-title">Share {chart.data?.name ?? 'chart'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        {body}
        {message && <InlineAlert severity={message.ok ? 'success' : 'error'}>{message.text}</InlineAlert>}
      </DialogContent>
      <DialogActions>
        {ready && link && (
          <Button color="error" onClick={() => void revoke()} disabled={unsharing.isLoading}>
            Revoke link
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={props.onClose}>Close</Button>
        {ready && (
          <Button variant="contained" onClick={() => void publish()} disabled={sharing.isLoading}>
            {link ? 'Update to this view' : 'Create link'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
export default ShareDialog;

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useState } from 'react';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { copyPng } from './snapshot';

export type SnapshotDialogProps = {
  open: boolean;
  onClose(): void;
  /** Makes the PNG of the chart with its legend. */
  capture(): Promise<Blob>;
  fileName: string;
  /** What the picture shows, for its text alternative ("EURUSD, 15 minutes"). */
  title: string;
};

type Shot =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; blob: Blob; url: string };

/** The snapshot panel: the chart's picture as taken, to download as a PNG or copy to the clipboard. */
export function SnapshotDialog(props: SnapshotDialogProps) {
  const [shot, setShot] = useState<Shot>({ status: 'loading' });
  const [copy, setCopy] = useState<{ ok: boolean; message: string } | null>(null);
  const { capture } = props;
  const take = useCallback(async () => {
    setShot({ status: 'loading' });
    setCopy(null);
    try {
      const blob = await capture();
      setShot({ status: 'ready', blob, url: URL.createObjectURL(blob) });
    } catch (error) {
      setShot({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [capture]);
  // A new picture each time the panel opens: the chart has moved on since the last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it opens
  useEffect(() => {
    if (props.open) void take();
  }, [props.open]);
  const url = shot.status === 'ready' ? shot.url : null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const copyToClipboard = async () => {
    if (shot.status !== 'ready') return;
    try {
      await copyPng(shot.blob);
      setCopy({ ok: true, message: 'The snapshot is on the clipboard.' });
    } catch (error) {
      setCopy({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="snapshot-title">
      <DialogTitle id="snapshot-title">Snapshot</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        {shot.status === 'loading' && <LoadingState label="Taking the snapshot" />}
        {shot.status === 'failed' && (
          <ErrorState title="The snapshot could not be taken." message={shot.message} onRetry={() => void take()} />
        )}
        {shot.status === 'ready' && (
          <Box
            component="img"
            src={shot.url}
            alt={`Snapshot of the ${props.title} chart`}
            // Fits the dialog whatever the chart's shape, so nothing scrolls (a scrolling region is out of reach
            // of the keyboard).
            sx={{
              width: '100%',
              maxHeight: '60vh',
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        )}
        {copy && <InlineAlert severity={copy.ok ? 'success' : 'warning'}>{copy.message}</InlineAlert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button
          startIcon={<ContentCopyIcon />}
          disabled={shot.status !== 'ready'}
          onClick={() => void copyToClipboard()}
        >
          Copy to clipboard
        </Button>
        <Button
          variant="contained"
          startIcon={<FileDownloadIcon />}
          disabled={shot.status !== 'ready'}
          {...(url ? { href: url, download: props.fileName } : {})}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
export default SnapshotDialog;

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REPORT_REASONS, type ReportBody, type ReportReason } from '@tradedesk/contracts';
import { useState } from 'react';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate',
  misinformation: 'Misinformation',
  scam: 'Scam',
  impersonation: 'Impersonation',
  other: 'Something else',
};

/** Report a post or a comment with a reason (and details); staff review it. */
export function ReportDialog(props: {
  open: boolean;
  what: string;
  onClose: () => void;
  onSubmit: (body: ReportBody) => Promise<unknown>;
}) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await props.onSubmit(details.trim() ? { reason, details: details.trim() } : { reason });
      props.onClose();
    } catch {
      // the failure's toast says why; the dialog stays open to try again
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="social-report-title">
      <DialogTitle id="social-report-title">Report this {props.what}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField select label="Reason" value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
          {REPORT_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {REASON_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Details (optional)"
          multiline
          minRows={2}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          Report
        </Button>
      </DialogActions>
    </Dialog>
  );
}

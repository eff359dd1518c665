import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { REPORT_REASONS, type ReportReason, reportBodySchema } from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { useReportProfileMutation } from '../profile-api';

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  misinformation: 'Misinformation',
  scam: 'Scam or fraud',
  impersonation: 'Impersonation',
  other: 'Something else',
};

/** Report a profile: a reason and optional details, sent once the reporter confirms. */
export function ReportProfileDialog(props: { open: boolean; profileId: string; name: string; onClose: () => void }) {
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportProfileMutation();

  const close = () => {
    setReason('');
    setDetails('');
    setError(null);
    props.onClose();
  };
  const submit = async () => {
    if (!reason) {
      setError('Choose a reason for the report.');
      return;
    }
    const parsed = reportBodySchema.safeParse({ reason, ...(details.trim() ? { details: details.trim() } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose a reason.');
      return;
    }
    const r = await report({ id: props.profileId, body: parsed.data });
    if ('error' in r) {
      setError(isApiError(r.error) && r.error.message ? r.error.message : 'The report was not sent. Try again.');
      return;
    }
    toast.success('Thank you: your report was sent to our moderators.');
    close();
  };

  return (
    <Dialog open={props.open} onClose={isLoading ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Report {props.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>Why are you reporting this profile?</DialogContentText>
        <RadioGroup
          aria-label="Reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value as ReportReason);
            setError(null);
          }}
        >
          {REPORT_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={REASON_LABELS[r]} />
          ))}
        </RadioGroup>
        <TextField
          label="Details (optional)"
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
        {error && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {error}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={isLoading}>
          Send report
        </Button>
      </DialogActions>
    </Dialog>
  );
}

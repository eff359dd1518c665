import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FREE_PLAN_ID, type Plan, type ProrationPreview, type Subscription } from '@tradedesk/contracts';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { navigation, useChangePlanMutation, usePreviewChangeMutation } from './subscriptions-api';

/** Change plan: the proration is shown (from the server's preview) before the change is confirmed. */
export function ChangePlanDialog(props: {
  open: boolean;
  subscription: Subscription;
  plans: Plan[];
  initialPlanId?: string | undefined;
  providerLabel: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const f = useFormatters();
  const choices = props.plans.filter((p) => p.id !== FREE_PLAN_ID && p.id !== props.subscription.planId);
  const [planId, setPlanId] = useState(props.initialPlanId ?? '');
  const [preview, setPreview] = useState<ProrationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fetchPreview, previewState] = usePreviewChangeMutation();
  const [change, changeState] = useChangePlanMutation();

  useEffect(() => {
    if (props.initialPlanId && props.initialPlanId !== props.subscription.planId) setPlanId(props.initialPlanId);
  }, [props.initialPlanId, props.subscription.planId]);

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!props.open || !planId) return;
    let current = true;
    fetchPreview({ id: props.subscription.id, body: { plan: planId } })
      .unwrap()
      .then((p) => current && setPreview(p))
      .catch((e: unknown) => current && setError((isApiError(e) && e.message) || 'The change could not be priced.'));
    return () => {
      current = false;
    };
  }, [props.open, planId, props.subscription.id, fetchPreview]);

  async function confirm() {
    setError(null);
    try {
      const result = await change({ id: props.subscription.id, body: { plan: planId } }).unwrap();
      if (result.payment.status === 'requires_action' && result.payment.actionUrl) {
        navigation.go(result.payment.actionUrl);
        return;
      }
      const name = props.plans.find((p) => p.id === planId)?.name ?? planId;
      props.onDone(
        preview?.effective === 'period_end'
          ? `Your plan changes to ${name} on ${f.date(preview.effectiveAt)}.`
          : `You are now on the ${name} plan.`,
      );
    } catch (e) {
      setError((isApiError(e) && e.message) || 'The change failed.');
    }
  }

  const c = preview?.currency ?? props.subscription.currency;
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        Change plan
        {props.providerLabel === 'Test mode' && <Chip size="small" color="warning" label="Test mode" sx={{ ml: 1 }} />}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label="New plan" value={planId} onChange={(e) => setPlanId(e.target.value)}>
            {choices.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          {previewState.isLoading && <Typography variant="body2">Working out the price…</Typography>}
          {preview &&
            (preview.effective === 'now' ? (
              <InlineAlert severity="info">
                {`The change starts now. For the ${Math.ceil(preview.remainingSeconds / 86_400)} days left of this period you pay ${preview.amountDue} ${c} + ${preview.tax} ${c} tax = ${preview.total} ${c} today; then ${preview.newPrice} ${c} per ${props.subscription.interval === 'monthly' ? 'month' : 'year'}.`}
              </InlineAlert>
            ) : (
              <InlineAlert severity="info">
                {`The change starts at your renewal on ${f.date(preview.effectiveAt)}; nothing is due now. Then ${preview.newPrice} ${c} per ${props.subscription.interval === 'monthly' ? 'month' : 'year'}.`}
              </InlineAlert>
            ))}
          {error && <InlineAlert severity="error">{error}</InlineAlert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={changeState.isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!preview || changeState.isLoading}>
          {preview?.effective === 'now' ? `Pay ${preview.total} ${c} and change` : 'Confirm change'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

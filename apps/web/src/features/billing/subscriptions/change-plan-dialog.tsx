import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type BillingInterval,
  FREE_PLAN_ID,
  type ModifySubscriptionBody,
  type Plan,
  type ProrationPreview,
  type Subscription,
} from '@tradedesk/contracts';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { navigation, useChangePlanMutation, usePreviewChangeMutation } from './subscriptions-api';

const perUnit = (interval: BillingInterval) => (interval === 'monthly' ? 'month' : 'year');

/**
 * Change plan or interval (monthly, yearly): the proration is shown (from the server's preview) before the change
 * is confirmed. Only what differs from the subscription is sent.
 */
export function ChangePlanDialog(props: {
  open: boolean;
  subscription: Subscription;
  plans: Plan[];
  initialPlanId?: string | undefined;
  initialInterval?: BillingInterval | undefined;
  providerLabel: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const f = useFormatters();
  const sub = props.subscription;
  const choices = props.plans.filter((p) => p.id !== FREE_PLAN_ID);
  const [planId, setPlanId] = useState(props.initialPlanId ?? sub.planId);
  const [interval, setInterval] = useState<BillingInterval>(props.initialInterval ?? sub.interval);
  const [preview, setPreview] = useState<ProrationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fetchPreview, previewState] = usePreviewChangeMutation();
  const [change, changeState] = useChangePlanMutation();
  const body: ModifySubscriptionBody = {
    ...(planId !== sub.planId ? { plan: planId } : {}),
    ...(interval !== sub.interval ? { interval } : {}),
  };
  const changes = Object.keys(body).length > 0;
  const bodyKey = JSON.stringify(body);

  useEffect(() => {
    if (props.initialPlanId) setPlanId(props.initialPlanId);
  }, [props.initialPlanId]);

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!props.open || bodyKey === '{}') return;
    let current = true;
    fetchPreview({ id: props.subscription.id, body: JSON.parse(bodyKey) as ModifySubscriptionBody })
      .unwrap()
      .then((p) => current && setPreview(p))
      .catch((e: unknown) => current && setError((isApiError(e) && e.message) || 'The change could not be priced.'));
    return () => {
      current = false;
    };
  }, [props.open, bodyKey, props.subscription.id, fetchPreview]);

  async function confirm() {
    setError(null);
    // read before the change: the subscription shown is refetched with the new interval
    const billed = interval !== sub.interval ? `, billed ${interval}` : '';
    try {
      const result = await change({ id: props.subscription.id, body }).unwrap();
      if (result.payment.status === 'requires_action' && result.payment.actionUrl) {
        navigation.go(result.payment.actionUrl);
        return;
      }
      const name = props.plans.find((p) => p.id === planId)?.name ?? planId;
      props.onDone(
        preview?.effective === 'period_end'
          ? `Your plan changes to ${name}${billed} on ${f.date(preview.effectiveAt)}.`
          : `You are now on the ${name} plan${billed}.`,
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
                {p.id === sub.planId ? `${p.name} (your plan)` : p.name}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={interval}
            onChange={(_, v: BillingInterval | null) => v && setInterval(v)}
            aria-label="Billing interval"
          >
            <ToggleButton value="monthly">Monthly</ToggleButton>
            <ToggleButton value="yearly">Yearly</ToggleButton>
          </ToggleButtonGroup>
          {!changes && (
            <Typography variant="body2">
              Choose another plan or interval: you have {sub.planName}, billed {sub.interval}.
            </Typography>
          )}
          {previewState.isLoading && <Typography variant="body2">Working out the price…</Typography>}
          {preview && <PreviewText preview={preview} currency={c} fallbackInterval={interval} />}
          {error && <InlineAlert severity="error">{error}</InlineAlert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={changeState.isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!changes || !preview || changeState.isLoading}>
          {preview?.effective === 'now' ? `Pay ${preview.total} ${c} and change` : 'Confirm change'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's proration in words: what is due today and what each period costs after. */
function PreviewText(props: { preview: ProrationPreview; currency: string; fallbackInterval: BillingInterval }) {
  const f = useFormatters();
  const p = props.preview;
  const c = props.currency;
  const per = perUnit(p.interval ?? props.fallbackInterval);
  const credit = p.credit !== undefined && Number(p.credit) > 0;
  const text =
    p.effective === 'period_end'
      ? `The change starts at your renewal on ${f.date(p.effectiveAt)}; nothing is due now. Then ${p.newPrice} ${c} per ${per}.`
      : credit
        ? `A new ${per} starts now, until ${f.date(p.periodEnd)}: ${p.newPrice} ${c} less ${p.credit} ${c} unused of this period. You pay ${p.amountDue} ${c} + ${p.tax} ${c} tax = ${p.total} ${c} today; then ${p.newPrice} ${c} per ${per}.`
        : `The change starts now. For the ${Math.ceil(p.remainingSeconds / 86_400)} days left of this period you pay ${p.amountDue} ${c} + ${p.tax} ${c} tax = ${p.total} ${c} today; then ${p.newPrice} ${c} per ${per}.`;
  return <InlineAlert severity="info">{text}</InlineAlert>;
}

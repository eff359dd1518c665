import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BILLING_CURRENCIES, COUPON_DURATIONS, type StaffCouponBody } from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { useAddStaffCouponMutation } from './billing-staff-api';
import { FailureAlert } from './failure-alert';

type Draft = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  currency: (typeof BILLING_CURRENCIES)[number];
  duration: StaffCouponBody['duration'];
  months: string;
  plans: string;
  max: string;
  expires: string;
};

const durationLabels: Record<StaffCouponBody['duration'], string> = {
  once: 'Once',
  repeating: 'For some months',
  forever: 'Forever',
};

/** The body of POST /staff/billing/coupons from the form; blank optional fields are left out. */
function bodyOf(d: Draft): StaffCouponBody {
  const number = (s: string) => (s.trim() === '' ? undefined : Number(s));
  const plans = d.plans
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    code: d.code.trim(),
    duration: d.duration,
    ...(d.kind === 'percent'
      ? { percent_off: number(d.value) ?? 0 }
      : { amount_off: d.value.trim() || '0', currency: d.currency }),
    ...(d.duration === 'repeating' ? { duration_months: number(d.months) ?? 0 } : {}),
    ...(plans.length > 0 ? { plan_ids: plans } : {}),
    ...(number(d.max) !== undefined ? { max_redemptions: number(d.max)! } : {}),
    ...(d.expires ? { expires_at: d.expires } : {}),
  };
}

/** Adds a coupon: a percent off or an amount off in one currency, once, for some months or forever. */
export function CouponDialog(props: { onClose: () => void }) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>({
    code: '',
    kind: 'percent',
    value: '',
    currency: 'USD',
    duration: 'once',
    months: '',
    plans: '',
    max: '',
    expires: '',
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const [add, { isLoading, error }] = useAddStaffCouponMutation();
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add a coupon</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mt: 1 }}>
          <TextField
            required
            label="Code"
            value={draft.code}
            onChange={(e) => set({ code: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            select
            label="Discount"
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            <MenuItem value="percent">Percent off</MenuItem>
            <MenuItem value="amount">Amount off</MenuItem>
          </TextField>
          <TextField
            required
            label={draft.kind === 'percent' ? 'Percent off' : 'Amount off'}
            placeholder={draft.kind === 'percent' ? '20' : '5.00'}
            value={draft.value}
            onChange={(e) => set({ value: e.target.value })}
          />
          {draft.kind === 'amount' && (
            <TextField
              select
              label="Currency"
              value={draft.currency}
              onChange={(e) => set({ currency: e.target.value as Draft['currency'] })}
            >
              {BILLING_CURRENCIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            label="Duration"
            value={draft.duration}
            onChange={(e) => set({ duration: e.target.value as Draft['duration'] })}
          >
            {COUPON_DURATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {durationLabels[d]}
              </MenuItem>
            ))}
          </TextField>
          {draft.duration === 'repeating' && (
            <TextField
              label="Months"
              type="number"
              value={draft.months}
              onChange={(e) => set({ months: e.target.value })}
            />
          )}
          <TextField
            label="Only for plans (ids, comma separated)"
            placeholder="pro, premium"
            value={draft.plans}
            onChange={(e) => set({ plans: e.target.value })}
          />
          <TextField
            label="Maximum uses"
            type="number"
            value={draft.max}
            onChange={(e) => set({ max: e.target.value })}
          />
          <TextField
            label="Expires on"
            type="date"
            value={draft.expires}
            onChange={(e) => set({ expires: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <FailureAlert error={error} fallback="The coupon could not be added." />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={isLoading || draft.code.trim() === '' || draft.value.trim() === ''}
          onClick={async () => {
            const result = await add(bodyOf(draft));
            if (!('error' in result)) props.onClose();
          }}
        >
          Add coupon
        </Button>
      </DialogActions>
    </Dialog>
  );
}

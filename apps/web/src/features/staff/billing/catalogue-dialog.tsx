import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BILLING_CURRENCIES,
  ENTITLEMENT_KEYS,
  ENTITLEMENTS,
  type EntitlementKey,
  type StaffAddon,
  type StaffPlan,
} from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { useUpdateStaffAddonMutation, useUpdateStaffPlanMutation } from './billing-staff-api';
import { FailureAlert } from './failure-alert';

export type Editing = { kind: 'plan'; entry: StaffPlan } | { kind: 'addon'; entry: StaffAddon };

type PriceDraft = Record<string, { monthly: string; yearly: string }>;

/** A blank pair of prices means "not sold in this currency". */
const pricesOf = (draft: PriceDraft) =>
  BILLING_CURRENCIES.filter((c) => draft[c]!.monthly.trim() !== '' || draft[c]!.yearly.trim() !== '').map((c) => ({
    currency: c,
    monthly: draft[c]!.monthly.trim(),
    yearly: draft[c]!.yearly.trim(),
  }));

/**
 * Edits a plan or an add-on: prices per currency and interval, trial days (plans) or maximum quantity (add-ons),
 * active, and every entitlement of ENTITLEMENTS (a number per limit, -1 unlimited; a switch each). The server checks
 * it as `tradedesk plans import` does and each refusal names its field.
 */
export function CatalogueDialog(props: { editing: Editing; onClose: () => void }) {
  const { kind, entry } = props.editing;
  const titleId = useId();
  const [active, setActive] = useState(entry.active);
  const [count, setCount] = useState(
    String(kind === 'plan' ? props.editing.entry.trialDays : props.editing.entry.maxQuantity),
  );
  const [prices, setPrices] = useState<PriceDraft>(() =>
    Object.fromEntries(
      BILLING_CURRENCIES.map((c) => {
        const p = entry.prices.find((x) => x.currency === c);
        return [c, { monthly: p?.monthly ?? '', yearly: p?.yearly ?? '' }];
      }),
    ),
  );
  const [grants, setGrants] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      ENTITLEMENT_KEYS.map((k) => {
        const value = entry.entitlements[k];
        return [k, ENTITLEMENTS[k].kind === 'switch' ? value === true : typeof value === 'number' ? String(value) : ''];
      }),
    ),
  );
  const [updatePlan, planState] = useUpdateStaffPlanMutation();
  const [updateAddon, addonState] = useUpdateStaffAddonMutation();
  const busy = planState.isLoading || addonState.isLoading;
  const what = kind === 'plan' ? 'plan' : 'add-on';

  const save = async () => {
    const entitlements: Record<string, number | boolean> = {};
    for (const k of ENTITLEMENT_KEYS) {
      const value = grants[k];
      if (typeof value === 'boolean') entitlements[k] = value;
      else if (value !== undefined && value.trim() !== '') entitlements[k] = Number(value);
    }
    const common = {
      name: entry.name,
      description: entry.description,
      position: entry.position,
      active,
      entitlements,
      prices: pricesOf(prices),
    };
    const result =
      props.editing.kind === 'plan'
        ? await updatePlan({
            id: entry.id,
            body: { ...common, trial_days: Number(count), recommended: props.editing.entry.recommended },
          })
        : await updateAddon({ id: entry.id, body: { ...common, max_quantity: Number(count) } });
    if (!('error' in result)) props.onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        Edit the {what} {entry.name}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={`Offered (active); when off, the ${what} is hidden and holders keep it`}
          />
          <TextField
            label={kind === 'plan' ? 'Trial days' : 'Maximum quantity'}
            type="number"
            size="small"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            sx={{ width: 180 }}
          />
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          Prices (leave both blank when not sold in a currency)
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 200px))', gap: 1, mt: 1 }}>
          {BILLING_CURRENCIES.map((c) =>
            (['monthly', 'yearly'] as const).map((interval) => (
              <TextField
                key={`${c}-${interval}`}
                size="small"
                label={`${c} ${interval}`}
                placeholder="19.00"
                value={prices[c]![interval]}
                onChange={(e) => setPrices((p) => ({ ...p, [c]: { ...p[c]!, [interval]: e.target.value } }))}
              />
            )),
          )}
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
          Entitlements (numbers: -1 is unlimited, blank grants none)
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1, mt: 1 }}>
          {ENTITLEMENT_KEYS.map((k: EntitlementKey) => {
            const def = ENTITLEMENTS[k];
            const value = grants[k];
            return def.kind === 'switch' ? (
              <FormControlLabel
                key={k}
                control={
                  <Checkbox
                    checked={value === true}
                    onChange={(e) => setGrants((g) => ({ ...g, [k]: e.target.checked }))}
                  />
                }
                label={def.feature}
              />
            ) : (
              <TextField
                key={k}
                size="small"
                type="number"
                label={def.feature}
                value={value}
                onChange={(e) => setGrants((g) => ({ ...g, [k]: e.target.value }))}
              />
            );
          })}
        </Box>
        <FailureAlert error={planState.error ?? addonState.error} fallback="The changes could not be saved." />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  BILLING_CURRENCIES,
  type BillingCurrency,
  type BillingInterval,
  ENTITLEMENT_ORDER,
  ENTITLEMENTS,
  grantLabel,
  type Plan,
} from '@tradedesk/contracts';
import { useState } from 'react';
import { usePlansQuery } from './plans-api';

const SYMBOLS: Record<BillingCurrency, string> = { USD: '$', EUR: '€', GBP: '£' };

/** "$19.00 / month", "Free", or "Not sold in GBP" for a plan without a price in that currency. */
export function priceLabel(plan: Plan, interval: BillingInterval, currency: BillingCurrency): string {
  const price = plan.prices.find((p) => p.currency === currency);
  if (!price) return `Not sold in ${currency}`;
  const amount = interval === 'monthly' ? price.monthly : price.yearly;
  if (Number(amount) === 0) return 'Free';
  return `${SYMBOLS[currency]}${amount} / ${interval === 'monthly' ? 'month' : 'year'}`;
}

/**
 * The plan dialog (spec section 2, dashboard "plan dialog"): the plans side by side with what each grants, a
 * monthly/yearly toggle and the currency; choosing a plan hands (planId, interval, currency) to the caller.
 */
export function PlanDialog(props: {
  open: boolean;
  onClose: () => void;
  onChoose: (planId: string, interval: BillingInterval, currency: BillingCurrency) => void;
  currentPlanId?: string;
  /** The interval of the current subscription: its plan can be chosen again at the other interval. */
  currentInterval?: BillingInterval | undefined;
}) {
  const { data: plans, isLoading, isError } = usePlansQuery(undefined, { skip: !props.open });
  const [interval, setInterval] = useState<BillingInterval>(props.currentInterval ?? 'monthly');
  const [currency, setCurrency] = useState<BillingCurrency>('USD');

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="lg" fullWidth aria-labelledby="plan-dialog-title">
      <DialogTitle id="plan-dialog-title">Choose a plan</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
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
          <TextField
            select
            size="small"
            label="Currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as BillingCurrency)}
            sx={{ minWidth: 120 }}
          >
            {BILLING_CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {isLoading && <CircularProgress aria-label="Loading plans" />}
        {isError && <Alert severity="error">The plans could not be loaded. Try again in a moment.</Alert>}
        {plans && (
          <Table size="small" aria-label="Plan comparison">
            <TableHead>
              <TableRow>
                <TableCell>Feature</TableCell>
                {plans.map((p) => (
                  <TableCell key={p.id} align="center">
                    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
                      <strong>{p.name}</strong>
                      {p.recommended && <Chip size="small" color="primary" label="Recommended" />}
                      <span>{priceLabel(p, interval, currency)}</span>
                      {p.trialDays > 0 && <span>{p.trialDays}-day free trial</span>}
                    </Stack>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {ENTITLEMENT_ORDER.map((key) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">
                    {ENTITLEMENTS[key].feature}
                  </TableCell>
                  {plans.map((p) => (
                    <TableCell key={p.id} align="center">
                      {grantLabel(key, p.entitlements)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow>
                <TableCell />
                {plans.map((p) => {
                  const ownPlan = p.id === props.currentPlanId;
                  const current =
                    ownPlan && (props.currentInterval === undefined || props.currentInterval === interval);
                  const switchTo = ownPlan && !current ? `Switch ${p.name} to ${interval}` : null;
                  const sold = p.prices.some((x) => x.currency === currency);
                  return (
                    <TableCell key={p.id} align="center">
                      <Button
                        variant={p.recommended ? 'contained' : 'outlined'}
                        disabled={current || !sold}
                        onClick={() => props.onChoose(p.id, interval, currency)}
                        aria-label={current ? `${p.name}: your plan` : (switchTo ?? `Choose ${p.name}`)}
                      >
                        {current ? 'Your plan' : (switchTo ?? `Choose ${p.name}`)}
                      </Button>
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

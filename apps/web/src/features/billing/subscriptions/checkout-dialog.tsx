import Box from '@mui/material/Box';
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
  type Addon,
  BILLING_CURRENCIES,
  type BillingCurrency,
  type BillingInterval,
  type CheckoutQuote,
  type CouponQuote,
  FREE_PLAN_ID,
  type Plan,
} from '@tradedesk/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { type ApiError, fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';
import {
  navigation,
  useCheckCouponMutation,
  useCheckoutQuoteMutation,
  usePaymentSessionMutation,
  useSubscribeMutation,
} from './subscriptions-api';

const errorOf = (e: unknown): ApiError | null => (isApiError(e) ? e : null);
const money = (amount: string, currency: string) => `${amount} ${currency}`;

/**
 * What the total covers: every period, or only the periods a coupon's discount lasts (a one-time coupon's price
 * is the first period's; later ones are charged without it).
 */
export function chargePeriod(quote: CheckoutQuote, per: string): string {
  const c = quote.coupon;
  if (!c || Number(quote.discount) === 0 || c.duration === 'forever') return `per ${per}`;
  if (c.duration === 'once') return `for the first ${per}, then without the coupon`;
  const months = c.durationMonths ?? 1;
  return `per ${per} for the first ${months} month${months === 1 ? '' : 's'}, then without the coupon`;
}

/**
 * The checkout: plan, interval, currency, add-ons and a coupon the server checks; the total with tax from the
 * server's quote; pay. Without a payment method the browser goes to the payment session first (and comes back to
 * the plan choice); a card that needs the holder's confirmation goes to its action URL.
 */
export function CheckoutDialog(props: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  plans: Plan[];
  addons: Addon[];
  initialPlanId?: string | undefined;
  initialInterval?: BillingInterval | undefined;
  initialCurrency?: BillingCurrency | undefined;
  providerLabel: string;
}) {
  const titleId = useId();
  const paid = useMemo(() => props.plans.filter((p) => p.id !== FREE_PLAN_ID), [props.plans]);
  const [planId, setPlanId] = useState(props.initialPlanId ?? paid[0]?.id ?? '');
  const [interval, setInterval] = useState<BillingInterval>(props.initialInterval ?? 'monthly');
  const [currency, setCurrency] = useState<BillingCurrency>(props.initialCurrency ?? 'USD');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [fetchQuote] = useCheckoutQuoteMutation();
  const [checkCoupon, couponState] = useCheckCouponMutation();
  const [subscribe, subscribeState] = useSubscribeMutation();
  const [startSession, sessionState] = usePaymentSessionMutation();

  useEffect(() => {
    if (props.initialPlanId) setPlanId(props.initialPlanId);
  }, [props.initialPlanId]);
  useEffect(() => {
    if (!planId && paid[0]) setPlanId(paid[0].id);
  }, [paid, planId]);

  const plan = paid.find((p) => p.id === planId);
  const currencies = plan ? BILLING_CURRENCIES.filter((c) => plan.prices.some((p) => p.currency === c)) : [];
  const addons = props.addons.filter((a) => a.prices.some((p) => p.currency === currency));
  const body = useMemo(
    () => ({
      subscription: planId,
      interval,
      currency,
      addons: Object.fromEntries(Object.entries(quantities).filter(([, q]) => q > 0)),
      ...(coupon?.coupon ? { coupon: coupon.coupon.code } : {}),
    }),
    [planId, interval, currency, quantities, coupon],
  );

  useEffect(() => {
    if (!props.open || !planId) return;
    let current = true;
    setQuoteError(null);
    fetchQuote(body)
      .unwrap()
      .then((q) => current && setQuote(q))
      .catch((e: unknown) => {
        if (!current) return;
        setQuote(null);
        setQuoteError(errorOf(e)?.message || 'The price could not be worked out.');
      });
    return () => {
      current = false;
    };
  }, [props.open, planId, body, fetchQuote]);

  // a coupon was checked for one plan, interval and currency: choosing others asks again
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these choices only
  useEffect(() => {
    setCoupon(null);
  }, [planId, interval, currency]);

  async function applyCoupon() {
    setCouponError(null);
    try {
      const q = await checkCoupon({ coupon: couponText, itemPriceId: `${planId}:${interval}`, currency }).unwrap();
      setCoupon(q);
    } catch (e) {
      const error = errorOf(e);
      setCoupon(null);
      setCouponError(error ? (fieldErrorsOf(error).coupon ?? error.message) : 'The coupon could not be checked.');
    }
  }

  async function pay() {
    setPayError(null);
    try {
      const result = await subscribe(body).unwrap();
      if (result.payment.status === 'requires_action' && result.payment.actionUrl) {
        navigation.go(result.payment.actionUrl);
        return;
      }
      props.onDone(
        result.subscription.status === 'trialing'
          ? `Your ${result.subscription.planName} trial has started.`
          : `You are now on the ${result.subscription.planName} plan.`,
      );
    } catch (e) {
      const error = errorOf(e);
      if (error?.code === 'SUBSCRIPTION_NO_PAYMENT_METHOD') {
        try {
          const returnUrl = `${window.location.origin}/settings/plan_billing?plans=open`;
          const session = await startSession({ returnUrl }).unwrap();
          navigation.go(session.url);
        } catch (sessionError) {
          setPayError(errorOf(sessionError)?.message || 'The payment page could not be opened.');
        }
        return;
      }
      setPayError(error?.message || 'The payment failed.');
    }
  }

  const busy = subscribeState.isLoading || sessionState.isLoading;
  const per = interval === 'monthly' ? 'month' : 'year';
  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        Subscribe{' '}
        {props.providerLabel === 'Test mode' && <Chip size="small" color="warning" label="Test mode" sx={{ ml: 1 }} />}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label="Plan" value={planId} onChange={(e) => setPlanId(e.target.value)}>
            {paid.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Billing interval"
            value={interval}
            onChange={(_e, v: BillingInterval | null) => v && setInterval(v)}
          >
            <ToggleButton value="monthly">Monthly</ToggleButton>
            <ToggleButton value="yearly">Yearly</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            label="Currency"
            value={currency}
            onChange={(e) => setCurrency(e.target.value as BillingCurrency)}
          >
            {currencies.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          {addons.map((a) => (
            <TextField
              key={a.id}
              type="number"
              label={`${a.name} (quantity)`}
              helperText={a.description}
              value={quantities[a.id] ?? 0}
              slotProps={{ htmlInput: { min: 0, max: a.maxQuantity } }}
              onChange={(e) => {
                const q = Math.max(0, Math.min(a.maxQuantity, Math.floor(Number(e.target.value) || 0)));
                setQuantities((old) => ({ ...old, [a.id]: q }));
              }}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Coupon"
              value={couponText}
              onChange={(e) => {
                setCouponText(e.target.value);
                setCouponError(null);
              }}
              error={couponError !== null}
              helperText={couponError ?? (coupon?.coupon ? `${coupon.coupon.code}: ${coupon.coupon.description}` : ' ')}
              sx={{ flex: 1 }}
            />
            <Button
              onClick={applyCoupon}
              disabled={couponText.trim() === '' || couponState.isLoading || !planId}
              sx={{ mt: 1 }}
            >
              Apply
            </Button>
            {coupon && (
              <Button
                onClick={() => {
                  setCoupon(null);
                  setCouponText('');
                }}
                sx={{ mt: 1 }}
              >
                Remove
              </Button>
            )}
          </Stack>
          <Box
            component="dl"
            aria-label="Price"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5 }}
          >
            {quote ? (
              <>
                <dt>Subtotal</dt>
                <dd>{money(quote.subtotal, quote.currency)}</dd>
                <dt>Discount</dt>
                <dd>−{money(quote.discount, quote.currency)}</dd>
                <dt>Tax ({quote.taxRatePercent} %)</dt>
                <dd>{money(quote.tax, quote.currency)}</dd>
                <dt>
                  <strong>Total {chargePeriod(quote, per)}</strong>
                </dt>
                <dd>
                  <strong>{money(quote.total, quote.currency)}</strong>
                </dd>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {quoteError ?? 'Working out the price…'}
              </Typography>
            )}
          </Box>
          {quote && quote.trialDays > 0 && (
            <InlineAlert severity="info">
              Free for {quote.trialDays} days; then {money(quote.total, quote.currency)} {chargePeriod(quote, per)}.
            </InlineAlert>
          )}
          {payError && <InlineAlert severity="error">{payError}</InlineAlert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={pay} disabled={busy || !quote}>
          {quote && quote.trialDays > 0 ? 'Start trial' : quote ? `Pay ${money(quote.total, quote.currency)}` : 'Pay'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

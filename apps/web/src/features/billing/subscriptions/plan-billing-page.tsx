import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type BillingCurrency,
  type BillingInterval,
  FREE_PLAN_ID,
  type Plan,
  type Subscription,
} from '@tradedesk/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { SettingsSection } from '../../settings/components/settings-section';
import { overviewSections } from '../billing-sections';
import { PlanDialog, useAddonsQuery, usePlansQuery } from '../plans';
import { ChangePlanDialog } from './change-plan-dialog';
import { CheckoutDialog } from './checkout-dialog';
import {
  liveSubscription,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  useSubscriptionsQuery,
} from './subscriptions-api';

type Choice = { planId: string; interval?: BillingInterval; currency?: BillingCurrency };

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'payment_plan', label: 'Monthly payment plan' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const STATUS_LABEL: Record<Subscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Ended',
  incomplete: 'Awaiting payment',
};

/**
 * The plan and billing tabs (spec section 2): overview (default; the current plan, its dates, cancel or reactivate,
 * change plan, then the billing slices' sections) and monthly payment plan (the plans and their prices).
 * `?plans=open` opens the plan choice; `?tab=payment_plan` keeps the second tab over a reload.
 */
export function PlanBillingPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'payment_plan' ? 'payment_plan' : 'overview';
  const subs = useSubscriptionsQuery();
  const plans = usePlansQuery();
  const addons = useAddonsQuery();
  const live = liveSubscription(subs.data);
  const choosing = params.get('plans') === 'open';
  // the plan chosen (in the plan dialog's comparison or the plans tab); none yet -> the plan dialog first
  const [chosen, setChosen] = useState<Choice | undefined>(undefined);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const openPlans = (planId?: string) => {
    setChosen(planId ? { planId } : undefined);
    setParam('plans', 'open');
  };
  const closePlans = () => {
    setChosen(undefined);
    setParam('plans', null);
  };
  const currentPlanId = live?.planId ?? FREE_PLAN_ID;
  const done = (message: string) => {
    toast.success(message);
    closePlans();
  };

  return (
    <SettingsSection title="Your subscription" description="Your plan, payments and invoices.">
      <Tabs value={tab} onChange={(_e, v: TabId) => setParam('tab', v === 'overview' ? null : v)} sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`plan-billing-tab-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`plan-billing-tab-${tab}`}>
        {subs.isLoading || plans.isLoading ? (
          <LoadingState label="Loading your plan" />
        ) : subs.isError || plans.isError ? (
          <ErrorState
            title="Your plan could not be loaded."
            onRetry={() => {
              subs.refetch();
              plans.refetch();
            }}
          />
        ) : tab === 'overview' ? (
          <>
            <CurrentPlan
              subscription={live}
              providerLabel={subs.data?.providerLabel ?? ''}
              onChoose={() => openPlans()}
            />
            {overviewSections.map(({ id, Component }) => (
              <Component key={id} />
            ))}
          </>
        ) : (
          <PlanTable plans={plans.data ?? []} currentPlanId={currentPlanId} onChoose={openPlans} />
        )}
      </Box>
      {choosing && !chosen && plans.data && subs.data && (
        <PlanDialog
          open
          onClose={closePlans}
          currentPlanId={currentPlanId}
          currentInterval={live?.interval}
          onChoose={(planId, interval, currency) =>
            planId === FREE_PLAN_ID ? closePlans() : setChosen({ planId, interval, currency })
          }
        />
      )}
      {choosing && chosen && plans.data && subs.data && !live && (
        <CheckoutDialog
          open
          onClose={closePlans}
          onDone={done}
          plans={plans.data}
          addons={addons.data ?? []}
          initialPlanId={chosen.planId}
          initialInterval={chosen.interval}
          initialCurrency={chosen.currency}
          providerLabel={subs.data.providerLabel}
        />
      )}
      {choosing && chosen && plans.data && live && (
        <ChangePlanDialog
          open
          subscription={live}
          plans={plans.data}
          initialPlanId={chosen.planId}
          initialInterval={chosen.interval}
          providerLabel={subs.data?.providerLabel ?? ''}
          onClose={closePlans}
          onDone={done}
        />
      )}
    </SettingsSection>
  );
}

function CurrentPlan(props: { subscription: Subscription | undefined; providerLabel: string; onChoose: () => void }) {
  const f = useFormatters();
  const sub = props.subscription;
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [reactivate, reactivateState] = useReactivateSubscriptionMutation();
  const [error, setError] = useState<string | null>(null);

  if (!sub) {
    return (
      <Stack spacing={1} sx={{ mb: 3 }} aria-label="Current plan" component="section">
        <Typography variant="h6">Free plan</Typography>
        <Typography variant="body2" color="text.secondary">
          You are on the Free plan. Upgrade for higher limits and more features.
        </Typography>
        <Box>
          <Button variant="contained" onClick={props.onChoose}>
            See plans
          </Button>
        </Box>
      </Stack>
    );
  }

  const when = dateLine(sub, f.date);
  const cancelable = ['active', 'trialing', 'past_due'].includes(sub.status) && !sub.cancelAtPeriodEnd;
  const endsLabel = sub.status === 'past_due' ? 'now' : `on ${f.date(sub.trialEnd ?? sub.currentPeriodEnd)}`;
  return (
    <Stack spacing={1} sx={{ mb: 3 }} aria-label="Current plan" component="section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">{sub.planName} plan</Typography>
        <Chip size="small" label={STATUS_LABEL[sub.status]} color={sub.status === 'past_due' ? 'error' : 'default'} />
        {props.providerLabel === 'Test mode' && <Chip size="small" color="warning" label="Test mode" />}
      </Stack>
      <Typography variant="body2">
        {sub.price} {sub.currency} per {sub.interval === 'monthly' ? 'month' : 'year'}
        {sub.coupon ? ` · coupon ${sub.coupon.code} (${sub.coupon.description})` : ''}
        {sub.addons.length > 0 ? ` · ${sub.addons.map((a) => `${a.name} × ${a.quantity}`).join(', ')}` : ''}
      </Typography>
      <Typography variant="body2">{when}</Typography>
      {sub.scheduledChange && (
        <Typography variant="body2">
          Changes to {sub.scheduledChange.planId}
          {sub.scheduledChange.interval && sub.scheduledChange.interval !== sub.interval
            ? `, billed ${sub.scheduledChange.interval},`
            : ''}{' '}
          on {f.date(sub.scheduledChange.at)}.
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        {sub.status !== 'incomplete' && sub.status !== 'past_due' && (
          <Button variant="outlined" onClick={props.onChoose}>
            Change plan
          </Button>
        )}
        {cancelable && (
          <Button color="error" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
        {sub.cancelAtPeriodEnd && sub.status !== 'canceled' && (
          <Button
            variant="contained"
            disabled={reactivateState.isLoading}
            onClick={async () => {
              setError(null);
              try {
                await reactivate(sub.id).unwrap();
                toast.success(`Your ${sub.planName} plan continues.`);
              } catch (e) {
                setError((isApiError(e) && e.message) || 'The subscription could not be reactivated.');
              }
            }}
          >
            Reactivate
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Cancel your subscription?"
        confirmLabel="Cancel subscription"
        busy={cancelState.isLoading}
        error={cancelState.error && isApiError(cancelState.error) ? cancelState.error.message : null}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await cancel(sub.id)
            .unwrap()
            .catch(() => null);
          if (!result) return;
          setConfirming(false);
          toast.success(
            result.endsAt ? `Your subscription ends on ${f.date(result.endsAt)}.` : 'Your subscription has ended.',
          );
        }}
      >
        Your {sub.planName} plan stays until it ends {endsLabel}; then you are on the Free plan. Your data stays. You
        can reactivate before then.
      </ConfirmDialog>
    </Stack>
  );
}

function dateLine(sub: Subscription, date: (v: string) => string): string {
  if (sub.status === 'incomplete') return 'Waiting for the payment to be confirmed.';
  if (sub.status === 'past_due') {
    const retry = sub.nextRetryAt ? ` We will try again on ${date(sub.nextRetryAt)}.` : '';
    return `The last payment failed.${retry} Update your payment method before ${sub.endsAt ? date(sub.endsAt) : 'the grace period ends'} to keep your plan.`;
  }
  if (sub.status === 'canceled') return 'This subscription has ended.';
  if (sub.cancelAtPeriodEnd) return `Ends on ${date(sub.currentPeriodEnd)}.`;
  if (sub.status === 'trialing' && sub.trialEnd) return `Trial ends on ${date(sub.trialEnd)}; then it renews.`;
  return `Renews on ${date(sub.currentPeriodEnd)}.`;
}

function PlanTable(props: { plans: Plan[]; currentPlanId: string; onChoose: (planId: string) => void }) {
  const sorted = [...props.plans].sort((a, b) => a.position - b.position);
  return (
    <Table size="small" aria-label="Plans">
      <TableHead>
        <TableRow>
          <TableCell>Plan</TableCell>
          <TableCell>Monthly</TableCell>
          <TableCell>Yearly</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {sorted.map((p) => {
          const usd = p.prices.find((x) => x.currency === 'USD') ?? p.prices[0];
          return (
            <TableRow key={p.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {p.description}
                  {p.trialDays > 0 ? ` · ${p.trialDays}-day trial` : ''}
                </Typography>
              </TableCell>
              <TableCell>{usd ? `${usd.monthly} ${usd.currency}` : '—'}</TableCell>
              <TableCell>{usd ? `${usd.yearly} ${usd.currency}` : '—'}</TableCell>
              <TableCell align="right">
                {p.id === props.currentPlanId ? (
                  <Chip size="small" label="Current plan" />
                ) : p.id === FREE_PLAN_ID ? null : (
                  <Button size="small" onClick={() => props.onChoose(p.id)} aria-label={`Choose ${p.name}`}>
                    Choose
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

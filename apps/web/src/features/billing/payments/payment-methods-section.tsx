import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentMethod } from '@tradedesk/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { SettingsSection } from '../../settings/components/settings-section';
import { useGoToPaymentPage } from './navigation';
import {
  useMakeDefaultPaymentMethodMutation,
  usePaymentMethodsQuery,
  useRemovePaymentMethodMutation,
  useStartPaymentSessionMutation,
} from './payments-api';
import { TestModeBadge } from './test-mode-notice';

const brandNames: Record<PaymentMethod['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** "Visa ending in 4242": how a person names a card. */
export const cardName = (m: Pick<PaymentMethod, 'brand' | 'last4'>) => `${brandNames[m.brand]} ending in ${m.last4}`;

/**
 * The payment methods of the plan-and-billing overview: the stored cards (the default marked), add one through
 * the provider's session page, make one the default, remove one after a confirmation. In test mode the section
 * says so.
 */
export function PaymentMethodsSection() {
  const location = useLocation();
  const goTo = useGoToPaymentPage();
  const { data, isLoading, isError, refetch, isFetching } = usePaymentMethodsQuery();
  const [startSession, starting] = useStartPaymentSessionMutation();
  const [makeDefault, makingDefault] = useMakeDefaultPaymentMethodMutation();
  const [remove, removing] = useRemovePaymentMethodMutation();
  const [toRemove, setToRemove] = useState<PaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const add = async () => {
    const session = await startSession({ returnUrl: `${location.pathname}${location.search}` })
      .unwrap()
      .catch(() => null);
    if (session) goTo(session.url);
  };

  const confirmRemove = async () => {
    if (!toRemove) return;
    setRemoveError(null);
    try {
      await remove(toRemove.id).unwrap();
      toast.success(`${cardName(toRemove)} was removed.`);
      setToRemove(null);
    } catch (error) {
      setRemoveError(isApiError(error) ? formMessage(error) : 'Something went wrong. Please try again.');
    }
  };

  const testMode = data?.provider.kind === 'test';
  return (
    <SettingsSection
      title="Payment methods"
      description={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {testMode && <TestModeBadge />}
          <span>
            {testMode
              ? 'Payments run in test mode: only test cards are taken and nothing is really charged.'
              : 'The card your subscription is charged to.'}
          </span>
        </Stack>
      }
    >
      {isLoading ? (
        <LoadingState label="Loading payment methods" variant="rows" rows={2} />
      ) : isError || !data ? (
        <ErrorState title="Your payment methods could not be loaded." onRetry={refetch} retrying={isFetching} />
      ) : data.methods.length === 0 ? (
        <EmptyState title="No payment method yet." description="Add a card to pay for a plan." />
      ) : (
        <Box component="ul" aria-label="Payment methods" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.methods.map((m) => (
            <Box
              component="li"
              key={m.id}
              aria-label={cardName(m)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography sx={{ fontWeight: 600 }}>{cardName(m)}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Expires {String(m.expMonth).padStart(2, '0')}/{m.expYear}
                </Typography>
              </Box>
              {m.isDefault ? (
                <Chip label="Default" size="small" color="primary" />
              ) : (
                <Button
                  size="small"
                  disabled={makingDefault.isLoading}
                  onClick={() => void makeDefault(m.id)}
                  aria-label={`Make ${cardName(m)} the default`}
                >
                  Make default
                </Button>
              )}
              <Button
                size="small"
                color="error"
                onClick={() => {
                  setRemoveError(null);
                  setToRemove(m);
                }}
                aria-label={`Remove ${cardName(m)}`}
              >
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => void add()} disabled={starting.isLoading || isLoading}>
          Add payment method
        </Button>
      </Box>
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this card?"
        confirmLabel="Remove card"
        busy={removing.isLoading}
        error={removeError}
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      >
        {toRemove && (
          <>
            {cardName(toRemove)} will no longer be charged.
            {toRemove.isDefault && ' Another card you keep becomes the default; without one, renewals cannot be paid.'}
          </>
        )}
      </ConfirmDialog>
    </SettingsSection>
  );
}

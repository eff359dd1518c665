import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format/numbers';
import { formMessage } from '../../../shared/forms/server-errors';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { cardName } from './payment-methods-section';
import { useAuthenticateTestChargeMutation, useTestModeChargeQuery } from './payments-api';
import { TestModeBadge } from './test-mode-notice';

const outcomeText = {
  succeeded: { severity: 'success', text: 'The payment succeeded.' },
  failed: { severity: 'error', text: 'The payment failed: authentication did not pass.' },
  declined: { severity: 'error', text: 'The payment was declined.' },
} as const;

/**
 * The test-mode stand-in for a bank's 3-D Secure page (route billing/test-mode/authenticate/:ref): the person
 * approves or fails the authentication of a payment that asked for it.
 */
export function TestModeAuthenticatePage() {
  const { ref = '' } = useParams();
  const charge = useTestModeChargeQuery(ref);
  const [authenticate, answering] = useAuthenticateTestChargeMutation();
  const [error, setError] = useState<string | null>(null);

  const answer = async (outcome: 'approve' | 'fail') => {
    setError(null);
    try {
      await authenticate({ ref, outcome }).unwrap();
    } catch (e) {
      setError(isApiError(e) ? formMessage(e) : 'Something went wrong. Please try again.');
    }
  };

  const c = charge.data;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" component="section" aria-labelledby="test-mode-auth-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <TestModeBadge />
        </Stack>
        <Typography id="test-mode-auth-title" component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          Authenticate this payment
        </Typography>
        <InlineAlert severity="warning" title="Test mode: no bank is involved">
          In test mode this page stands in for your bank’s check. Choose the outcome you want to try.
        </InlineAlert>
        {charge.isLoading ? (
          <LoadingState label="Loading the payment" />
        ) : charge.isError || !c ? (
          <ErrorState
            title="This payment could not be opened."
            message={isApiError(charge.error) ? formMessage(charge.error) : 'Something went wrong.'}
          />
        ) : (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              <dt>Amount</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{formatMoney(Number(c.amount), c.currency)}</dd>
              <dt>For</dt>
              <dd style={{ margin: 0 }}>{c.description}</dd>
              <dt>Card</dt>
              <dd style={{ margin: 0 }}>{cardName(c.card)}</dd>
            </Box>
            {error && <InlineAlert severity="error">{error}</InlineAlert>}
            {c.status === 'requires_action' ? (
              <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Button color="error" onClick={() => void answer('fail')} disabled={answering.isLoading}>
                  Fail authentication
                </Button>
                <Button variant="contained" onClick={() => void answer('approve')} disabled={answering.isLoading}>
                  Approve authentication
                </Button>
              </Stack>
            ) : (
              <InlineAlert
                severity={outcomeText[c.status].severity}
                action={
                  <Button size="small" component={RouterLink} to="/settings/plan_billing">
                    Back to plan and billing
                  </Button>
                }
              >
                {outcomeText[c.status].text}
              </InlineAlert>
            )}
          </>
        )}
      </Paper>
    </Box>
  );
}

export { TestModeAuthenticatePage as Component };

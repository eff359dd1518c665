import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { testModeCardBodySchema } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { formMessage } from '../../../shared/forms/server-errors';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { inAppPath } from './navigation';
import { cardName } from './payment-methods-section';
import { useAddTestCardMutation, useTestModeSessionQuery } from './payments-api';
import { TestModeBadge, TestModeNotice } from './test-mode-notice';

type Field = 'number' | 'exp_month' | 'exp_year' | 'cvc';
type Values = Record<Field, string>;
const empty: Values = { number: '', exp_month: '', exp_year: '', cvc: '' };
const fields: Field[] = ['number', 'exp_month', 'exp_year', 'cvc'];

/** A month or year as typed: a number when it is digits only (the schema then words the range), else the text. */
const numeric = (v: string): number | string => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v);

/** The server's sentence for a failed load (another user's session: "No payment session of yours has this id."). */
const problemOf = (error: unknown) => (isApiError(error) ? formMessage(error) : 'Something went wrong.');

/** The page a test-mode payment session sends the browser to (route billing/test-mode/session/:id). */
export function TestModeSessionPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useTestModeSessionQuery(id);
  const [addCard, adding] = useAddTestCardMutation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = testModeCardBodySchema.safeParse({
      number: values.number,
      exp_month: numeric(values.exp_month),
      exp_year: numeric(values.exp_year),
      cvc: values.cvc,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as Field;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const { exp_month, exp_year, ...rest } = parsed.data;
      const result = await addCard({ sessionId: id, ...rest, expMonth: exp_month, expYear: exp_year }).unwrap();
      toast.success(`${cardName(result.method)} was added (test mode).`);
      navigate(inAppPath(result.returnUrl));
    } catch (error) {
      if (!isApiError(error)) {
        setFormError('Something went wrong. Please try again.');
        return;
      }
      const byField = fieldErrorsOf(error);
      const placed = Object.fromEntries(fields.filter((f) => byField[f]).map((f) => [f, byField[f]]));
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFormError(formMessage(error));
    }
  };

  const back = session.data ? inAppPath(session.data.returnUrl) : '/settings/plan_billing';
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="test-mode-session-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <TestModeBadge />
        </Stack>
        <Typography id="test-mode-session-title" component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          Add a test card
        </Typography>
        {session.isLoading ? (
          <LoadingState label="Loading the payment session" />
        ) : session.isError || !session.data ? (
          <ErrorState
            title="This payment session could not be opened."
            message={`${problemOf(session.error)} Start again from your payment methods.`}
          />
        ) : session.data.status !== 'open' ? (
          <InlineAlert
            severity="info"
            action={
              <Button size="small" onClick={() => navigate(back)}>
                Back
              </Button>
            }
          >
            {session.data.status === 'completed'
              ? 'This session has already added a card.'
              : 'This session has expired. Start again from your payment methods.'}
          </InlineAlert>
        ) : (
          <>
            <TestModeNotice onUseCard={(number) => setValues((v) => ({ ...v, number }))} />
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Test card">
              {formError && <InlineAlert severity="error">{formError}</InlineAlert>}
              <FormTextField
                label="Card number"
                inputMode="numeric"
                autoComplete="off"
                value={values.number}
                onChange={set('number')}
                error={errors.number}
              />
              <Stack direction="row" spacing={1}>
                <FormTextField
                  label="Expiry month"
                  placeholder="MM"
                  inputMode="numeric"
                  value={values.exp_month}
                  onChange={set('exp_month')}
                  error={errors.exp_month}
                />
                <FormTextField
                  label="Expiry year"
                  placeholder="YYYY"
                  inputMode="numeric"
                  value={values.exp_year}
                  onChange={set('exp_year')}
                  error={errors.exp_year}
                />
                <FormTextField
                  label="CVC"
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.cvc}
                  onChange={set('cvc')}
                  error={errors.cvc}
                />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Button onClick={() => navigate(back)} disabled={adding.isLoading}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={adding.isLoading}>
                  Add test card
                </Button>
              </Stack>
            </form>
          </>
        )}
      </Paper>
    </Box>
  );
}

export { TestModeSessionPage as Component };

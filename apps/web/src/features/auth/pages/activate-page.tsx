import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useActivateMutation } from '../auth-api';

type State =
  | { kind: 'working' }
  | { kind: 'done' }
  | { kind: 'already-active'; message: string }
  | { kind: 'failed'; message: string };

const titles: Record<State['kind'], string> = {
  working: 'Account activation',
  done: 'Account activated',
  'already-active': 'Account already active',
  failed: 'Account activation',
};

function SignInButton() {
  return (
    <Button component={RouterLink} to="/sign-in" variant="contained" fullWidth size="large" sx={{ mt: 1 }}>
      Sign in
    </Button>
  );
}

/** The landing page of the activation link: /activate?token=… */
export function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [activate] = useActivateMutation();
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: 'This activation link is incomplete.' },
  );
  // The token is single-use: StrictMode's second effect run must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void activate({ token }).then((result) => {
      if (!result.error) setState({ kind: 'done' });
      // A link opened again (or an old one) of an account that is active: nothing to fix, just sign in.
      else if (isApiError(result.error) && result.error.code === 'AUTH_ALREADY_ACTIVE') {
        setState({ kind: 'already-active', message: formMessage(result.error) });
      } else {
        setState({
          kind: 'failed',
          message: isApiError(result.error) ? formMessage(result.error) : 'The account could not be activated.',
        });
      }
    });
  }, [token, activate]);

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {titles[state.kind]}
      </Typography>
      {state.kind === 'working' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
          <CircularProgress size={20} aria-hidden />
          Activating your account…
        </Box>
      )}
      {state.kind === 'done' && (
        <>
          <InlineAlert severity="success">Your account is active. Welcome aboard!</InlineAlert>
          <SignInButton />
        </>
      )}
      {state.kind === 'already-active' && (
        <>
          <InlineAlert severity="info">{state.message}</InlineAlert>
          <SignInButton />
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/forgot-password">
              Forgot your password?
            </Link>
          </Typography>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <InlineAlert severity="error">{state.message}</InlineAlert>
          <Link component={RouterLink} to="/resend-activation">
            Send a new activation link
          </Link>
        </>
      )}
    </>
  );
}

export { ActivatePage as Component };

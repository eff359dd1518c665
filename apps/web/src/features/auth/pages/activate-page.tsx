import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { useActivateMutation } from '../auth-api';
import { FormAlert } from '../components/form-alert';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

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
      if (result.error) {
        setState({ kind: 'failed', message: isApiError(result.error) ? formMessage(result.error) : 'Unknown error' });
      } else setState({ kind: 'done' });
    });
  }, [token, activate]);

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Account activation
      </Typography>
      {state.kind === 'working' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
          <CircularProgress size={20} aria-hidden />
          Activating your account…
        </Box>
      )}
      {state.kind === 'done' && (
        <>
          <FormAlert severity="success">Your account is active. Welcome aboard!</FormAlert>
          <Link component={RouterLink} to="/sign-in">
            Sign in
          </Link>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <FormAlert severity="error">{state.message}</FormAlert>
          <Link component={RouterLink} to="/resend-activation">
            Send a new activation link
          </Link>
        </>
      )}
    </>
  );
}

export { ActivatePage as Component };

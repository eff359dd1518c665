import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuthStatus, selectLeftByChoice } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** Signed-in area: waits for the verify-on-load, sends signed-out visitors to /sign-in (and back after). */
export function RequireAuth() {
  const status = useAppSelector(selectAuthStatus);
  const leftByChoice = useAppSelector(selectLeftByChoice);
  const location = useLocation();
  if (status === 'unknown') return <FullPageSpinner />;
  if (status === 'signedOut') {
    // A session that ran out brings the person back where they were; one they ended does not.
    if (leftByChoice) return <Navigate to="/sign-in" replace />;
    const next = location.pathname === '/' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/sign-in${next}`} replace />;
  }
  return <Outlet />;
}

/** Only a same-site path is followed after sign-in (no open redirect). */
export function safeNextPath(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Sign-in and sign-up: a signed-in visitor goes on to where they were headed. */
export function RedirectIfSignedIn() {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'signedIn') {
    return <Navigate to={safeNextPath(new URLSearchParams(location.search).get('next'))} replace />;
  }
  return <Outlet />;
}

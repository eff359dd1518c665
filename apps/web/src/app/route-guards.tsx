import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuthStatus, selectLeftByChoice } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';
import { usePrefetch } from './prefetch';

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

/**
 * Sign-in and sign-up: a signed-in visitor goes on to where they were headed. With `prefetchDestination`
 * (the sign-in page), the page a signed-out visitor will land on (the shell and its first page) is fetched
 * while they type, so signing in shows it at once.
 */
export function RedirectIfSignedIn(props: { prefetchDestination?: boolean }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  const next = safeNextPath(new URLSearchParams(location.search).get('next'));
  const prefetch = usePrefetch();
  const prefetchDestination = props.prefetchDestination === true;
  useEffect(() => {
    if (!prefetchDestination || status === 'signedIn') return;
    const onInput = () => prefetch(next);
    document.addEventListener('input', onInput, { once: true, capture: true });
    return () => document.removeEventListener('input', onInput, { capture: true });
  }, [prefetchDestination, status, next, prefetch]);
  if (status === 'signedIn') return <Navigate to={next} replace />;
  return <Outlet />;
}

import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuthStatus } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';

// Only the signed-in area waits for verify; the signed-out pages (sign-in) need not download the spinner.
const FullPageSpinner = lazy(() => import('./full-page-spinner').then((m) => ({ default: m.FullPageSpinner })));

/** Signed-in area: waits for the verify-on-load, sends signed-out visitors to /sign-in (and back after). */
export function RequireAuth() {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'unknown') {
    return (
      <Suspense fallback={null}>
        <FullPageSpinner />
      </Suspense>
    );
  }
  if (status === 'signedOut') {
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

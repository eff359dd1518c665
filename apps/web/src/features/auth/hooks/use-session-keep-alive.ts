import { useEffect } from 'react';
import { REFRESH_MARGIN_MS, refreshSession } from '../../../app/base-query';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAccessExpiresAt, selectAuthStatus } from '../auth-slice';

/** Refreshes the session shortly before the access token expires, so an idle tab stays signed in. */
export function useSessionKeepAlive(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const expiresAt = useAppSelector(selectAccessExpiresAt);

  useEffect(() => {
    if (status !== 'signedIn' || !expiresAt) return;
    const delay = Math.max(0, Date.parse(expiresAt) - Date.now() - REFRESH_MARGIN_MS);
    const timer = setTimeout(() => void refreshSession(dispatch), delay);
    return () => clearTimeout(timer);
  }, [dispatch, status, expiresAt]);
}

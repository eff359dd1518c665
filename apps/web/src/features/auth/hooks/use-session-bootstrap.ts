import { useEffect } from 'react';
import { clearSession, refreshSession } from '../../../app/base-query';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasSignedInCookie } from '../../../shared/api/cookies';
import { authApi } from '../auth-api';
import { selectAuthStatus, sessionStarted, signedOut } from '../auth-slice';

/**
 * Spec section 4, on load: with the `signed_in` cookie, POST /customer/verify decides; without it the
 * visitor is signed out at once. An expired access token gets one refresh before verify is tried again.
 */
export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);

  useEffect(() => {
    if (status !== 'unknown') return;
    if (!hasSignedInCookie()) {
      dispatch(signedOut());
      return;
    }
    let cancelled = false;
    const verify = () => dispatch(authApi.endpoints.verify.initiate(undefined, { track: false }));
    void (async () => {
      let result = await verify();
      if (cancelled) return;
      if (result.error && 'status' in result.error && result.error.status === 401) {
        if (!(await refreshSession(dispatch)) || cancelled) return;
        result = await verify();
        if (cancelled) return;
      }
      if (result.data) dispatch(sessionStarted(result.data));
      else clearSession(dispatch);
    })();
    return () => {
      cancelled = true;
    };
  }, [dispatch, status]);
}

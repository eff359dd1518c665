import { useEffect } from 'react';
import { clearSession, refreshSession } from '../../../app/base-query';
import { useAppSelector, useAppStore } from '../../../app/hooks';
import { hasSignedInCookie } from '../../../shared/api/cookies';
import { authApi } from '../auth-api';
import { type AuthState, authSlice, selectAuthStatus, sessionStarted, signedOut } from '../auth-slice';

/**
 * The auth state a page load starts with. Without the `signed_in` cookie the visitor is signed out before
 * the first render (spec section 4), so the router sends them to the sign-in page without fetching or
 * showing anything of the signed-in area; with it, the state is unknown until verify answers.
 */
export function initialAuthState(cookie?: string): AuthState {
  const initial = authSlice.reducer(undefined, { type: 'auth/init' });
  return hasSignedInCookie(cookie) ? initial : authSlice.reducer(initial, signedOut());
}

type Store = ReturnType<typeof useAppStore>;

// The stores whose session was verified already: React may run an effect twice for one mount (StrictMode
// in development), and POST /customer/verify is called once per page load.
const bootstrapped = new WeakSet<Store>();

/**
 * Spec section 4, on load: with the `signed_in` cookie, POST /customer/verify decides; without it the
 * visitor is signed out at once. An expired access token gets one refresh before verify is tried again.
 */
export function useSessionBootstrap(): void {
  const store = useAppStore();
  const status = useAppSelector(selectAuthStatus);

  useEffect(() => {
    if (status !== 'unknown' || bootstrapped.has(store)) return;
    bootstrapped.add(store);
    const { dispatch } = store;
    if (!hasSignedInCookie()) {
      dispatch(signedOut());
      return;
    }
    // A sign-in on the page meanwhile (it shows while verify runs) is not undone by a late answer.
    const undecided = () => selectAuthStatus(store.getState()) === 'unknown';
    const verify = () => dispatch(authApi.endpoints.verify.initiate(undefined, { track: false }));
    void (async () => {
      let result = await verify();
      if (!undecided()) return;
      if (result.error && 'status' in result.error && result.error.status === 401) {
        if (!(await refreshSession(dispatch)) || !undecided()) return;
        result = await verify();
        if (!undecided()) return;
      }
      if (result.data) dispatch(sessionStarted(result.data));
      else clearSession(dispatch);
    })();
  }, [store, status]);
}

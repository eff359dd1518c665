import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '@tradedesk/contracts';

/** Spec section 4: unknown until the verify-on-load answers, then signed in or out. */
export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export type AuthState = {
  status: AuthStatus;
  user: AuthUser | null;
  sessionId: string | null;
  /** ISO time the access cookie stops working; the client refreshes shortly before it. */
  accessExpiresAt: string | null;
  /** True when the person chose to leave (sign-out, sign out everywhere, deletion): no page to return to. */
  leftByChoice: boolean;
};

const initialState: AuthState = {
  status: 'unknown',
  user: null,
  sessionId: null,
  accessExpiresAt: null,
  leftByChoice: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ user: AuthUser; sessionId: string; accessExpiresAt: string }>) {
      return { status: 'signedIn', ...action.payload, leftByChoice: false };
    },
    tokensRefreshed(state, action: PayloadAction<{ accessExpiresAt: string; sessionId?: string }>) {
      state.accessExpiresAt = action.payload.accessExpiresAt;
      if (action.payload.sessionId) state.sessionId = action.payload.sessionId;
    },
    userUpdated(state, action: PayloadAction<Partial<AuthUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    /** Every way out (sign-out, failed verify or refresh, deletion, revoked session) ends here. */
    signedOut(_state, action: PayloadAction<{ byChoice: boolean } | undefined>) {
      return { ...initialState, status: 'signedOut' as const, leftByChoice: action.payload?.byChoice ?? false };
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectLeftByChoice: (state) => state.leftByChoice,
    selectCurrentUser: (state) => state.user,
    selectSessionId: (state) => state.sessionId,
    selectAccessExpiresAt: (state) => state.accessExpiresAt,
  },
});

export const { sessionStarted, tokensRefreshed, userUpdated, signedOut } = authSlice.actions;
export const { selectAuthStatus, selectLeftByChoice, selectCurrentUser, selectSessionId, selectAccessExpiresAt } =
  authSlice.selectors;

import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { signedOut, tokensRefreshed } from '../features/auth/auth-slice';
import { type ApiError, toApiError } from '../shared/api/api-error';
import { snakeKeys } from '../shared/api/case';
import { clearSignedInCookie } from '../shared/api/cookies';
import { type ApiHost, hostUrl } from './hosts';

export type RequestArgs = {
  url: string;
  method?: string;
  body?: unknown;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Which of the spec's hosts serves the call; main when omitted. */
  host?: ApiHost;
  /** Milliseconds the call may take; past it the call fails with code TIMEOUT (none when omitted). */
  timeout?: number;
};

/** Refresh this long before the access token expires, so no call races its expiry. */
export const REFRESH_MARGIN_MS = 60_000;

/** Calls that must never trigger a refresh: they establish or end the session themselves. */
const SESSION_PATHS = [
  '/customer/login',
  '/customer/login/2fa',
  '/customer/refresh',
  '/customer/verify',
  '/customer/logout',
];

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;
type AuthView = { status: string; accessExpiresAt: string | null };

let now: () => number = () => Date.now();
/** Tests pin the clock the refresh-ahead check reads. */
export function setBaseQueryClock(clock: () => number): void {
  now = clock;
}

let inflightRefresh: Promise<boolean> | null = null;

/** Ends the session locally: state, cached data (store listener) and the readable marker cookie. */
export function clearSession(dispatch: Dispatch, options: { byChoice?: boolean } = {}): void {
  clearSignedInCookie();
  dispatch(signedOut({ byChoice: options.byChoice ?? false }));
}

let endingHere = 0;

/**
 * Wraps a call by which this tab ends its own session (sign-out, signing out every session, deleting the
 * account). The server pushes the revocation over the WebSocket before it answers; while such a call is in
 * flight that push is this tab's own doing, and live sign-out must not report it as another device's.
 */
export async function endingSessionHere<T>(call: Promise<T>): Promise<T> {
  endingHere += 1;
  try {
    return await call;
  } finally {
    endingHere -= 1;
  }
}

export function isEndingSessionHere(): boolean {
  return endingHere > 0;
}

/**
 * POST /customer/refresh with the refresh cookie. Concurrent callers share one request, because the server
 * rotates refresh tokens and treats a second use of the same token as theft. A failure signs out.
 */
export function refreshSession(dispatch: Dispatch): Promise<boolean> {
  inflightRefresh ??= (async () => {
    try {
      // Loaded before the call: the call rotates the refresh token, so its answer must not be left unread.
      const { refreshResponseSchema } = await import('../features/auth/session-schemas');
      const response = await fetch(`${hostUrl('main')}/customer/refresh`, { method: 'POST', credentials: 'include' });
      if (!response.ok) throw new Error(`refresh answered ${response.status}`);
      const body = refreshResponseSchema.parse(await response.json());
      dispatch(tokensRefreshed({ accessExpiresAt: body.accessExpiresAt, sessionId: body.sessionId }));
      return true;
    } catch {
      clearSession(dispatch);
      return false;
    }
  })().finally(() => {
    inflightRefresh = null;
  });
  return inflightRefresh;
}

const rawQueries = new Map<ApiHost, ReturnType<typeof fetchBaseQuery>>();
function rawQuery(host: ApiHost) {
  let query = rawQueries.get(host);
  if (!query) {
    query = fetchBaseQuery({ baseUrl: hostUrl(host), credentials: 'include' });
    rawQueries.set(host, query);
  }
  return query;
}

function toFetchArgs(args: RequestArgs): FetchArgs {
  const fetchArgs: FetchArgs = { url: args.url };
  if (args.method) fetchArgs.method = args.method;
  if (args.headers) fetchArgs.headers = args.headers;
  if (args.timeout !== undefined) fetchArgs.timeout = args.timeout;
  if (args.body !== undefined) fetchArgs.body = snakeKeys(args.body);
  if (args.params) {
    const params: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(snakeKeys(args.params) as Record<string, unknown>)) {
      if (value !== undefined) params[key] = value;
    }
    fetchArgs.params = params;
  }
  return fetchArgs;
}

function authOf(getState: () => unknown): AuthView {
  return (getState() as { auth: AuthView }).auth;
}

/**
 * The one base query: picks the host, sends snake_case, maps failures to ApiError, refreshes the
 * session ahead of expiry and once on a 401 (then retries the call once).
 */
export const baseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiError> = async (input, api, extraOptions) => {
  const args: RequestArgs = typeof input === 'string' ? { url: input } : input;
  const query = rawQuery(args.host ?? 'main');
  const fetchArgs = toFetchArgs(args);
  const dispatch = api.dispatch as Dispatch;
  const sessionCall = SESSION_PATHS.includes(args.url.split('?')[0] ?? '');

  const auth = authOf(api.getState);
  if (!sessionCall && auth.status === 'signedIn' && auth.accessExpiresAt) {
    if (Date.parse(auth.accessExpiresAt) - now() < REFRESH_MARGIN_MS && !(await refreshSession(dispatch))) {
      return {
        error: { status: 401, code: 'AUTH_REFRESH_INVALID', message: 'Your session has ended. Sign in again.' },
      };
    }
  }

  let result = await query(fetchArgs, api, extraOptions ?? {});
  if (result.error?.status === 401 && !sessionCall && authOf(api.getState).status === 'signedIn') {
    if (await refreshSession(dispatch)) {
      result = await query(fetchArgs, api, extraOptions ?? {});
      if (result.error?.status === 401) clearSession(dispatch);
    }
  }
  if (result.error) return { error: toApiError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

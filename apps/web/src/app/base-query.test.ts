import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStarted } from '../features/auth/auth-slice';
import { errorBody, mockFetch, SESSION_ID, user } from '../test/fetch-mock';
import { api } from './api';
import { setBaseQueryClock } from './base-query';
import { createAppStore } from './store';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    echoGet: build.query<unknown, Record<string, unknown>>({ query: (params) => ({ url: '/echo', params }) }),
    echoPost: build.mutation<unknown, unknown>({ query: (body) => ({ url: '/echo', method: 'POST', body }) }),
  }),
});

const NOW = Date.parse('2030-01-01T12:00:00.000Z');
const inMinutes = (m: number) => new Date(NOW + m * 60_000).toISOString();
const refreshAnswer = (expires: string) => ({
  body: { kind: 'main', sessionId: SESSION_ID, accessExpiresAt: expires, refreshExpiresAt: inMinutes(5000) },
});

function signedInStore(accessExpiresAt = inMinutes(14)) {
  const store = createAppStore();
  store.dispatch(sessionStarted({ user, sessionId: SESSION_ID, accessExpiresAt }));
  return store;
}

describe('base query', () => {
  beforeEach(() => setBaseQueryClock(() => NOW));
  afterEach(() => {
    vi.unstubAllGlobals();
    setBaseQueryClock(() => Date.now());
  });

  it('sends bodies and query keys in snake_case, with the cookies', async () => {
    const net = mockFetch({ 'POST /echo': { body: { ok: true } }, 'GET /echo': { body: { ok: true } } });
    const store = createAppStore();
    await store.dispatch(probe.endpoints.echoPost.initiate({ firstName: 'Ada', billingInfo: { zipCode: '1' } }));
    await store.dispatch(probe.endpoints.echoGet.initiate({ startTime: 5, pageSize: 10 }));
    expect(net.callsTo('POST', '/echo')[0]?.body).toEqual({ first_name: 'Ada', billing_info: { zip_code: '1' } });
    const query = net.callsTo('GET', '/echo')[0]?.query;
    expect(query?.get('start_time')).toBe('5');
    expect(query?.get('page_size')).toBe('10');
    const request = net.fn.mock.calls[0]?.[0] as Request;
    expect(request.credentials).toBe('include');
  });

  it('maps failures to { status, code, message }', async () => {
    mockFetch({ 'POST /echo': errorBody(409, 'USER_EMAIL_TAKEN', 'email: taken') });
    const store = createAppStore();
    const result = await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect(result.error).toEqual({ status: 409, code: 'USER_EMAIL_TAKEN', message: 'email: taken' });
  });

  it('maps an unreachable server to status 0 NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const store = createAppStore();
    const result = await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect(result.error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('on a 401 refreshes once and retries the call', async () => {
    let calls = 0;
    const net = mockFetch({
      'POST /echo': () => (++calls === 1 ? errorBody(401, 'AUTH_TOKEN_EXPIRED', 'expired') : { body: { ok: 1 } }),
      'POST /customer/refresh': refreshAnswer(inMinutes(14)),
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect(result.data).toEqual({ ok: 1 });
    expect(net.callsTo('POST', '/customer/refresh')).toHaveLength(1);
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('concurrent 401s share one refresh', async () => {
    let refreshed = false;
    const net = mockFetch({
      'POST /echo': () => (refreshed ? { body: { ok: 1 } } : errorBody(401, 'AUTH_TOKEN_EXPIRED', 'expired')),
      'POST /customer/refresh': () => {
        refreshed = true;
        return { ...refreshAnswer(inMinutes(14)), delayMs: 20 };
      },
    });
    const store = signedInStore();
    const results = await Promise.all([1, 2, 3].map((n) => store.dispatch(probe.endpoints.echoPost.initiate({ n }))));
    expect(results.every((r) => 'data' in r && r.data)).toBe(true);
    expect(net.callsTo('POST', '/customer/refresh')).toHaveLength(1);
  });

  it('a failed refresh clears the session and the marker cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox, Safari and jsdom
    document.cookie = 'signed_in=1; path=/';
    mockFetch({
      'POST /echo': errorBody(401, 'AUTH_TOKEN_EXPIRED', 'expired'),
      'POST /customer/refresh': errorBody(401, 'AUTH_REFRESH_INVALID', 'invalid'),
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect('data' in result && result.data).toBeFalsy();
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', user: null });
    expect(document.cookie).not.toContain('signed_in=');
  });

  it('refreshes before a call when the access token is about to expire', async () => {
    const order: string[] = [];
    mockFetch({
      'POST /echo': () => {
        order.push('echo');
        return { body: { ok: 1 } };
      },
      'POST /customer/refresh': () => {
        order.push('refresh');
        return refreshAnswer(inMinutes(14));
      },
    });
    const store = signedInStore(inMinutes(0.5));
    await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect(order).toEqual(['refresh', 'echo']);
    expect(store.getState().auth.accessExpiresAt).toBe(inMinutes(14));
  });

  it('does not refresh while the access token has time left', async () => {
    const net = mockFetch({ 'POST /echo': { body: { ok: 1 } } });
    const store = signedInStore(inMinutes(10));
    await store.dispatch(probe.endpoints.echoPost.initiate({}));
    expect(net.callsTo('POST', '/customer/refresh')).toHaveLength(0);
  });

  it('a 401 from the login call itself does not trigger a refresh', async () => {
    const net = mockFetch({
      'POST /customer/login': errorBody(401, 'AUTH_BAD_CREDENTIALS', 'Wrong email or password'),
    });
    const store = signedInStore();
    const { authApi } = await import('../features/auth/auth-api');
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(net.callsTo('POST', '/customer/refresh')).toHaveLength(0);
  });
});

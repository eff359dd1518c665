import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../test/fetch-mock';
import { api } from './api';
import { createAppStore } from './store';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => ({ url: path }) }),
    quietProbe: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST' }) }),
  }),
});

describe('error catalogue of spec section 8, applied to every failed call', () => {
  let store: ReturnType<typeof createAppStore>;
  beforeEach(() => {
    store = createAppStore();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function fail(response: { status: number; body: unknown }) {
    mockFetch({ 'GET /thing': response });
    await store.dispatch(probe.endpoints.probe.initiate('/thing', { forceRefetch: true }));
  }

  it("423 'Feature limit reached' opens the feature-limit dialog, no toast", async () => {
    await fail(errorBody(423, 'PLAN_LIMIT', 'Feature limit reached for alerts'));
    expect(store.getState().dialogs.gate).toEqual({
      kind: 'featureLimit',
      message: 'Feature limit reached for alerts',
    });
    expect(store.getState().toast.current).toBeNull();
  });

  it("an edit's 423 (an item past the limit after a downgrade) opens the feature-limit dialog too", async () => {
    const message =
      'Feature limit reached: your plan allows 5 (Watchlists) and this one is past them, so it can be read and deleted but not changed. Upgrade your plan, or delete older ones, to edit it again.';
    mockFetch({ 'PUT /watchlist/w1': errorBody(423, 'PLAN_LIMIT_REACHED', message) });
    const { watchlistsApi } = await import('../features/watchlists/watchlists-api');
    await store.dispatch(watchlistsApi.endpoints.updateWatchlist.initiate({ id: 'w1', name: 'Renamed' }));
    expect(store.getState().dialogs.gate).toEqual({ kind: 'featureLimit', message });
    expect(store.getState().toast.current).toBeNull();
  });

  it("423 'Access to feature ... is not allowed for your subscription.' opens the access-feature dialog", async () => {
    await fail(errorBody(423, 'PLAN_ACCESS', 'Access to feature AI agents is not allowed for your subscription.'));
    expect(store.getState().dialogs.gate?.kind).toBe('accessFeature');
    expect(store.getState().toast.current).toBeNull();
  });

  it('a 423 with another message is an ordinary error toast', async () => {
    await fail(errorBody(423, 'LOCKED', 'Account is locked'));
    expect(store.getState().dialogs.gate).toBeNull();
    expect(store.getState().toast.current?.message).toBe('Account is locked');
  });

  it("404 'You are not an affiliate' is ignored silently", async () => {
    await fail(errorBody(404, 'AFFILIATE_NOT_FOUND', 'You are not an affiliate'));
    expect(store.getState().toast.current).toBeNull();
    expect(store.getState().dialogs.gate).toBeNull();
  });

  it('another 404 is shown with its text', async () => {
    await fail(errorBody(404, 'WATCHLIST_NOT_FOUND', 'Watchlist not found'));
    expect(store.getState().toast.current).toMatchObject({ variant: 'error', message: 'Watchlist not found' });
  });

  it("an error without text shows 'Unknown error'", async () => {
    await fail({ status: 500, body: {} });
    expect(store.getState().toast.current?.message).toBe('Unknown error');
  });

  it("an error with a blank message shows 'Unknown error'", async () => {
    await fail(errorBody(400, 'BAD', '   '));
    expect(store.getState().toast.current?.message).toBe('Unknown error');
  });

  it('endpoints marked quiet are not toasted (their form shows the error)', async () => {
    mockFetch({ 'POST /customer/login': errorBody(401, 'AUTH_BAD_CREDENTIALS', 'Wrong email or password') });
    const { authApi } = await import('../features/auth/auth-api');
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }));
    expect(store.getState().toast.current).toBeNull();
  });
});

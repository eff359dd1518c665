import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../features/auth/hooks/use-session-bootstrap';
import { mockFetch, SESSION_ID, user } from '../test/fetch-mock';
import { api } from './api';
import { AppRouter } from './app-router';
import { createBlockingHistory } from './navigation-blocker';
import { AppProviders } from './providers';
import { createAppStore } from './store';

// Which modules of the signed-in area the page fetched (the mocks pass the real modules through).
const fetched = vi.hoisted(() => new Set<string>());
vi.mock('../features/shell/components/app-shell', async (importOriginal) => {
  fetched.add('shell');
  return importOriginal();
});
vi.mock('../features/home/home-page', async (importOriginal) => {
  fetched.add('home');
  return importOriginal();
});

// The first render transforms the lazy route modules: slow on a loaded machine, and not what is tested.
const firstPaint = { timeout: 15_000 };

/** A socket that never connects: the live-session upkeep has nothing to talk to here. */
class IdleSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

/** The app as main.tsx starts it (StrictMode, session upkeep, the store's first state from the cookie). */
function startApp(url: string) {
  const store = createAppStore({ auth: initialAuthState() });
  store.dispatch(api.util.resetApiState());
  const history = createBlockingHistory(createMemoryHistory({ initialEntries: [url], v5Compat: true }));
  render(
    <StrictMode>
      <AppProviders store={store}>
        <AppRouter history={history} />
      </AppProviders>
    </StrictMode>,
  );
  return { store, history };
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', IdleSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the start of a page load', () => {
  // In this order: a module is fetched once per test file, and the first two must see the shell not fetched yet.
  it('sends a signed-out visitor of the signed-in area to sign-in without fetching the shell or a spinner', async () => {
    const net = mockFetch({ 'GET /customer/login/options': { body: { google: false, mailbox: false } } });
    const { history } = startApp('/settings/security');
    // Decided from the missing cookie before the first render: no "Loading" spinner, straight to sign-in.
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in' }, firstPaint)).toBeInTheDocument();
    expect(history.location.pathname).toBe('/sign-in');
    expect(history.location.search).toBe('?next=%2Fsettings%2Fsecurity');
    expect(net.callsTo('POST', '/customer/verify')).toHaveLength(0);
    expect([...fetched]).toEqual([]);
  });

  it('fetches the signed-in page while the visitor types on the sign-in page', async () => {
    mockFetch({ 'GET /customer/login/options': { body: { google: false, mailbox: false } } });
    startApp('/sign-in');
    const email = await screen.findByLabelText(/^Email/, {}, firstPaint);
    expect([...fetched]).toEqual([]);
    await userEvent.type(email, 'a');
    await waitFor(() => expect([...fetched].sort()).toEqual(['home', 'shell']));
  });

  it('calls POST /customer/verify once, StrictMode or not, and shows the signed-in page', async () => {
    const accessExpiresAt = new Date(Date.now() + 14 * 60_000).toISOString();
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in jsdom
    document.cookie = 'signed_in=1; path=/';
    const net = mockFetch({
      'POST /customer/verify': { body: { user, sessionId: SESSION_ID, accessExpiresAt } },
      'GET /customer/login/options': { body: { google: false, mailbox: false } },
    });
    const { store } = startApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, firstPaint)).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('signedIn');
    expect(net.callsTo('POST', '/customer/verify')).toHaveLength(1);
  });
});

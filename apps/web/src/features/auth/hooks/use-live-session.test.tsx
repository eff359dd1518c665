import { render, waitFor } from '@testing-library/react';
import { SESSION_REVOKED_EVENT, wsCloseCodes } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import type { WsClient, WsEvent } from '../../../shared/ws/ws-client';
import { mockFetch, SESSION_ID } from '../../../test/fetch-mock';
import { signedInState } from '../../../test/render-app';
import { authApi } from '../auth-api';
import { signedOut } from '../auth-slice';
import { useLiveSession } from './use-live-session';

const ELSEWHERE = 'This session was ended from another device.';

/** A WebSocket client the test pushes events and closes through, as the server would. */
function fakeClient() {
  const handlers = new Set<(event: WsEvent) => void>();
  const closers = new Set<(code: number) => void>();
  const client = {
    start: vi.fn(),
    stop: vi.fn(),
    subscribe: (_channel: string, handler: (event: WsEvent) => void) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onClose: (handler: (code: number) => void) => {
      closers.add(handler);
      return () => closers.delete(handler);
    },
  } as unknown as WsClient;
  return {
    client,
    revoke: (sessionId: string) => {
      for (const h of handlers) h({ channel: 'user', event: SESSION_REVOKED_EVENT, data: { sessionId } });
    },
    close: (code: number) => {
      for (const c of closers) c(code);
    },
  };
}

function LiveSession(props: { client: WsClient }) {
  useLiveSession(props.client);
  return null;
}

function setup() {
  const store = createAppStore(signedInState());
  const ws = fakeClient();
  render(
    <AppProviders store={store} withSession={false}>
      <LiveSession client={ws.client} />
    </AppProviders>,
  );
  return { store, ws };
}

afterEach(() => vi.unstubAllGlobals());

describe('live sign-out', () => {
  it('signs the tab out and says so when another device revokes this session', async () => {
    const { store, ws } = setup();
    ws.revoke(SESSION_ID);
    await waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
    expect(store.getState().toast.current?.message).toBe(ELSEWHERE);
  });

  it('ignores the revocation of another session', async () => {
    const { store, ws } = setup();
    ws.revoke('00000000-0000-4000-8000-0000000000ff');
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it("does not blame another device for this tab's own sign-out, whose revocation arrives first", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockFetch({ 'GET /customer/logout': () => new Promise((resolve) => (answer = resolve)) });
    const { store, ws } = setup();
    const logout = store.dispatch(authApi.endpoints.logout.initiate());
    // The server pushes the revocation (event and close code) before it answers the call.
    ws.revoke(SESSION_ID);
    ws.close(wsCloseCodes.sessionRevoked);
    await new Promise((r) => setTimeout(r, 50));
    answer({ status: 200, body: { ok: true } });
    await logout;
    await waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
    expect(store.getState().toast.current?.message ?? '').not.toBe(ELSEWHERE);
  });

  it('stays quiet about a revocation that arrives after the tab signed out, before React caught up', async () => {
    const { store, ws } = setup();
    store.dispatch(signedOut());
    ws.close(wsCloseCodes.sessionRevoked);
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().toast.current).toBeNull();
  });
});

import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../app/api';
import { createAppStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-mock';
import { signedInState } from '../../test/render-app';
import { usePersistentLayout } from './use-persistent-layout';

const STORE = '/user-data/v1/store/workspace/layout.test';
const notFound = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };
const doc = (version: number, state: unknown) => ({
  body: { payload: { name: 'layout.test', version, state, updatedAt: '2026-03-02T09:30:00.000Z' } },
});

const schema = z.object({ columns: z.array(z.string()) });
type Layout = z.infer<typeof schema>;
const parse = (state: unknown): Layout | null => schema.safeParse(state).data ?? null;

function setup(options: { migrate?: (state: unknown, from: number) => unknown; version?: number } = {}) {
  const store = createAppStore(signedInState());
  store.dispatch(api.util.resetApiState());
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(
    () =>
      usePersistentLayout<Layout>('layout.test', {
        version: options.version ?? 1,
        parse,
        migrate: options.migrate,
        description: 'test layout',
      }),
    { wrapper },
  );
  return { ...hook, store };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePersistentLayout', () => {
  it('is loading, then ready with the saved state', async () => {
    mockFetch({ [`GET ${STORE}`]: doc(1, { columns: ['a', 'b'] }) });
    const { result } = setup();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.saved).toEqual({ columns: ['a', 'b'] });
    expect(result.current.fallback).toBeNull();
  });

  it.each([
    ['nothing saved', notFound, 'none'],
    [
      'a store that cannot be reached',
      { status: 503, body: { statusCode: 503, code: 'X', message: 'Down' } },
      'unavailable',
    ],
    ['an unreadable state', doc(1, { columns: 'a' }), 'corrupt'],
    ['an older version without a migration', doc(0, { columns: ['a'] }), 'outdated'],
    ['a newer version', doc(2, { columns: ['a'] }), 'newer'],
  ] as const)('gives no saved state for %s, with the reason', async (_name, answer, fallback) => {
    mockFetch({ [`GET ${STORE}`]: answer });
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.saved).toBeNull();
    expect(result.current.fallback).toBe(fallback);
  });

  it('brings an older saved state up to date with the migration', async () => {
    mockFetch({ [`GET ${STORE}`]: doc(1, { cols: 'a,b' }) });
    const migrate = vi.fn((state: unknown) => ({ columns: String((state as { cols: string }).cols).split(',') }));
    const { result } = setup({ version: 2, migrate });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(migrate).toHaveBeenCalledWith({ cols: 'a,b' }, 1);
    expect(result.current.saved).toEqual({ columns: ['a', 'b'] });
  });

  it('saves once after a quiet time, with the last state, its version and the keys as they are', async () => {
    const calls = mockFetch({
      [`GET ${STORE}`]: notFound,
      [`PUT ${STORE}`]: (req) => doc(1, (req.body as Layout) ?? {}),
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      result.current.save({ columns: ['first'] });
      result.current.save({ columns: ['openPrice', 'stopLoss'] });
    });
    act(() => vi.advanceTimersByTime(749));
    expect(calls.callsTo('PUT', STORE)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls.callsTo('PUT', STORE)).toHaveLength(1));
    expect(calls.callsTo('PUT', STORE)[0]?.body).toEqual({ version: 1, state: { columns: ['openPrice', 'stopLoss'] } });
  });

  it('saves a pending change at once when the page is hidden or the component goes away', async () => {
    const calls = mockFetch({ [`GET ${STORE}`]: notFound, [`PUT ${STORE}`]: doc(1, {}) });
    const { result, unmount } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.save({ columns: ['a'] }));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(calls.callsTo('PUT', STORE)).toHaveLength(1));

    act(() => result.current.save({ columns: ['b'] }));
    unmount();
    await waitFor(() => expect(calls.callsTo('PUT', STORE)).toHaveLength(2));
    expect(calls.callsTo('PUT', STORE)[1]?.body).toEqual({ version: 1, state: { columns: ['b'] } });
  });

  it('tells the user once when saves fail, and not at all for an ended session', async () => {
    let status = 500;
    mockFetch({
      [`GET ${STORE}`]: notFound,
      [`PUT ${STORE}`]: () => ({
        status,
        body: { statusCode: status, code: 'X', message: 'state: must be at most 65536 bytes of JSON' },
      }),
    });
    const { result, store } = setup();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.save({ columns: ['a'] });
      result.current.flush();
    });
    await waitFor(() => expect(store.getState().toast.current).not.toBeNull());
    const first = store.getState().toast.current;
    expect(first?.variant).toBe('error');
    expect(first?.message).toBe(
      'Your test layout could not be saved. State: must be at most 65536 bytes of JSON. It is tried again with your next change.',
    );

    act(() => {
      result.current.save({ columns: ['b'] });
      result.current.flush();
    });
    await act(async () => {});
    expect(store.getState().toast.current?.id).toBe(first?.id);

    status = 401;
    act(() => store.dispatch({ type: 'toast/toastHidden' }));
    act(() => {
      result.current.save({ columns: ['c'] });
      result.current.flush();
    });
    await act(async () => {});
    expect(store.getState().toast.current).toBeNull();
  });
});

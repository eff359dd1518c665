import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useGuestWsClient } from './use-guest-ws-client';
import type { WsClient } from './ws-client';

describe('useGuestWsClient', () => {
  it('opens the signed-out connection while enabled and mounted, and gives nothing when not enabled', () => {
    const client = { start: vi.fn(), stop: vi.fn() } as unknown as WsClient;
    const { result, rerender, unmount } = renderHook(({ on }) => useGuestWsClient(on, client), {
      initialProps: { on: false },
    });
    expect(result.current).toBeUndefined();
    expect(client.start).not.toHaveBeenCalled();
    rerender({ on: true });
    expect(result.current).toBe(client);
    expect(client.start).toHaveBeenCalledOnce();
    unmount();
    expect(client.stop).toHaveBeenCalledOnce();
  });
});

import { useEffect } from 'react';
import { getGuestWsClient, type WsClient } from './ws-client';

/**
 * The signed-out connection while `enabled` (a signed-out visitor of a shared page): open while the caller
 * is mounted, closed after. Returns it for the live-data hooks (useLiveQuote(symbol, client)), or undefined
 * when not enabled (signed in: the app's own connection serves).
 */
export function useGuestWsClient(enabled: boolean, client: WsClient = getGuestWsClient()): WsClient | undefined {
  useEffect(() => {
    if (!enabled) return;
    client.start();
    return () => client.stop();
  }, [enabled, client]);
  return enabled ? client : undefined;
}

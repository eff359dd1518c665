import { SESSION_REVOKED_EVENT, wsCloseCodes } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { clearSession, isEndingSessionHere, refreshSession } from '../../../app/base-query';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { toast } from '../../../shared/toast/toast';
import type { WsClient } from '../../../shared/ws/ws-client';
import { selectAuthStatus, selectSessionId } from '../auth-slice';

/**
 * Keeps the shared WebSocket open while signed in and listens on the `user` channel: when this session
 * is revoked elsewhere (event `session.revoked`, or close code 4001) the tab signs out at once. The shared
 * client is loaded once signed in, so the signed-out pages do not download it (1.5 KB gzipped of their entry).
 */
export function useLiveSession(client?: WsClient): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const status = useAppSelector(selectAuthStatus);
  const sessionId = useAppSelector(selectSessionId);

  useEffect(() => {
    if (status !== 'signedIn') return;
    let active = true;
    const signOutHere = () => {
      // A revocation this tab asked for itself (sign-out, all sessions, account deletion) is answered by that
      // call; one arriving after the tab already signed out (before this effect is cleaned up) is old news.
      if (!active || isEndingSessionHere() || store.getState().auth.status !== 'signedIn') return;
      clearSession(dispatch);
      toast.show({ variant: 'info', title: 'Signed out', message: 'This session was ended from another device.' });
    };
    let stop = () => {};
    const attach = (live: WsClient) => {
      if (!active) return;
      const stopEvents = live.subscribe('user', (event) => {
        if (event.event !== SESSION_REVOKED_EVENT) return;
        void import('../session-schemas').then(({ sessionRevokedDataSchema }) => {
          const data = sessionRevokedDataSchema.safeParse(event.data);
          if (data.success && data.data.sessionId === sessionId) signOutHere();
        });
      });
      const stopClose = live.onClose((code) => {
        if (code === wsCloseCodes.sessionRevoked) signOutHere();
        // The access token lapsed while connected: refresh it so the reconnect is accepted.
        else if (code === wsCloseCodes.unauthorized) void refreshSession(dispatch);
      });
      live.start();
      stop = () => {
        stopEvents();
        stopClose();
        live.stop();
      };
    };
    if (client) attach(client);
    else void import('../../../shared/ws/ws-client').then(({ getWsClient }) => attach(getWsClient()));
    return () => {
      active = false;
      stop();
    };
  }, [client, dispatch, store, status, sessionId]);
}

import { SESSION_REVOKED_EVENT, wsCloseCodes } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { clearSession, isEndingSessionHere, refreshSession } from '../../../app/base-query';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { toast } from '../../../shared/toast/toast';
import { getWsClient, type WsClient } from '../../../shared/ws/ws-client';
import { selectAuthStatus, selectSessionId } from '../auth-slice';

/**
 * Keeps the shared WebSocket open while signed in and listens on the `user` channel: when this session
 * is revoked elsewhere (event `session.revoked`, or close code 4001) the tab signs out at once.
 */
export function useLiveSession(client: WsClient = getWsClient()): void {
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
    const stopEvents = client.subscribe('user', (event) => {
      if (event.event !== SESSION_REVOKED_EVENT) return;
      void import('../session-schemas').then(({ sessionRevokedDataSchema }) => {
        const data = sessionRevokedDataSchema.safeParse(event.data);
        if (data.success && data.data.sessionId === sessionId) signOutHere();
      });
    });
    const stopClose = client.onClose((code) => {
      if (code === wsCloseCodes.sessionRevoked) signOutHere();
      // The access token lapsed while connected: refresh it so the reconnect is accepted.
      else if (code === wsCloseCodes.unauthorized) void refreshSession(dispatch);
    });
    client.start();
    return () => {
      active = false;
      stopEvents();
      stopClose();
      client.stop();
    };
  }, [client, dispatch, store, status, sessionId]);
}

import { useLiveSession } from '../hooks/use-live-session';
import { useSessionBootstrap } from '../hooks/use-session-bootstrap';
import { useSessionKeepAlive } from '../hooks/use-session-keep-alive';

/** Mounted once at the root: verify on load, refresh ahead of expiry, live sign-out. */
export function SessionEffects() {
  useSessionBootstrap();
  useSessionKeepAlive();
  useLiveSession();
  return null;
}

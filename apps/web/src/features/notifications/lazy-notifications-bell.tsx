import { lazy, Suspense } from 'react';

// Fetched as soon as this module is, with the shell (it shows on every signed-in page), so it never arrives
// after the page; kept out of the shell's chunk so the shell's first paint stays small.
const loading = import('./notifications-bell');
loading.catch(() => {}); // a failure shows when the bell renders
const NotificationsBell = lazy(() => loading.then((m) => ({ default: m.NotificationsBell })));

/** The top bar's notifications bell, loaded beside the shell. */
export function LazyNotificationsBell() {
  return (
    <Suspense fallback={null}>
      <NotificationsBell />
    </Suspense>
  );
}

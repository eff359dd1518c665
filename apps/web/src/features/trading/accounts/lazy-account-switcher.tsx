import { lazy, Suspense } from 'react';

// Fetched as soon as this module is, with the shell (it shows on every signed-in page, and the sign-in page
// prefetches the shell while the person types), so it never arrives after the page.
const loading = import('./account-switcher');
loading.catch(() => {}); // a failure shows when the switcher renders
const AccountSwitcher = lazy(() => loading.then((m) => ({ default: m.AccountSwitcher })));

/** The top bar's trading account switcher, loaded after the shell so the shell's first paint stays small. */
export function LazyAccountSwitcher() {
  return (
    <Suspense fallback={null}>
      <AccountSwitcher />
    </Suspense>
  );
}

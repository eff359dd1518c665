import { lazy, Suspense } from 'react';

// Fetched with the home page's module (prefetched while the person signs in), rendered lazily.
const loading = import('./dashboard-trade-widget');
loading.catch(() => {}); // a failure shows when the widget renders
const Widget = lazy(() => loading.then((m) => ({ default: m.DashboardTradeWidget })));

/** The dashboard's buy/sell widget, loaded with its own chunk (it brings the instrument catalogue). */
export function LazyDashboardTradeWidget() {
  return (
    <Suspense fallback={null}>
      <Widget />
    </Suspense>
  );
}

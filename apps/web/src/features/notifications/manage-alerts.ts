/** The search param that opens the alerts panel (features/alerts owns the panel), and its tab. */
export const ALERTS_PARAM = 'alerts';
export const ALERTS_TAB_PARAM = 'alertsTab';

/** The current address with the alerts panel open: `/chart?symbol=EURUSD&alerts=open`. */
export function manageAlertsHref(location: { pathname: string; search: string }, tab?: 'alerts' | 'settings'): string {
  const params = new URLSearchParams(location.search);
  params.set(ALERTS_PARAM, 'open');
  if (tab) params.set(ALERTS_TAB_PARAM, tab);
  else params.delete(ALERTS_TAB_PARAM);
  return `${location.pathname}?${params.toString()}`;
}

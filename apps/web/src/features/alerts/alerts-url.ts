/** The alerts panel's state in the address (spec section 2): `?alerts=open`, and `alertsTab=settings`. */
export const ALERTS_PARAM = 'alerts';
export const ALERTS_TAB_PARAM = 'alertsTab';

export type AlertsTab = 'alerts' | 'settings';

export function alertsPanelState(params: URLSearchParams): { open: boolean; tab: AlertsTab } {
  return {
    open: params.get(ALERTS_PARAM) === 'open',
    tab: params.get(ALERTS_TAB_PARAM) === 'settings' ? 'settings' : 'alerts',
  };
}

/** The address's parameters with the panel opened on a tab, or closed (both parameters removed). */
export function withAlertsPanel(params: URLSearchParams, next: { open: false } | { open: true; tab: AlertsTab }) {
  const out = new URLSearchParams(params);
  if (!next.open) {
    out.delete(ALERTS_PARAM);
    out.delete(ALERTS_TAB_PARAM);
    return out;
  }
  out.set(ALERTS_PARAM, 'open');
  if (next.tab === 'settings') out.set(ALERTS_TAB_PARAM, 'settings');
  else out.delete(ALERTS_TAB_PARAM);
  return out;
}

import { lazy, Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { closeAlertDialog, useAlertDialogState } from './alert-dialog-store';
import { type AlertsTab, alertsPanelState, withAlertsPanel } from './alerts-url';

const AlertsPanel = lazy(() => import('./components/alerts-panel'));
const AlertDialog = lazy(() => import('./components/alert-dialog'));

/**
 * Mounted once by the signed-in shell: the alerts panel while the address says `?alerts=open` (the bell's
 * "Manage alerts" puts it there), and the alert dialog opened by the chart, the order ticket or the panel.
 * Both load on first use, so the shell carries only this host.
 */
export function AlertsHost() {
  const [params, setParams] = useSearchParams();
  const { open, tab } = alertsPanelState(params);
  const dialog = useAlertDialogState();
  const setTab = useCallback(
    (next: AlertsTab) => setParams((p) => withAlertsPanel(p, { open: true, tab: next }), { replace: true }),
    [setParams],
  );
  const close = useCallback(() => setParams((p) => withAlertsPanel(p, { open: false })), [setParams]);
  return (
    <Suspense fallback={null}>
      {open && <AlertsPanel tab={tab} onTab={setTab} onClose={close} />}
      {dialog.open && (
        <AlertDialog
          key={dialog.mode === 'edit' ? dialog.alertId : 'new'}
          alertId={dialog.mode === 'edit' ? dialog.alertId : null}
          prefill={dialog.mode === 'create' ? dialog.prefill : null}
          onClose={closeAlertDialog}
        />
      )}
    </Suspense>
  );
}

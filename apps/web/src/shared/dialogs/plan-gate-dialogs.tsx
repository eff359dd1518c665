import { lazy, Suspense } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { gateDialogClosed, selectGateDialog } from './dialogs-slice';

const PlanGateDialog = lazy(() => import('./plan-gate-dialog').then((m) => ({ default: m.PlanGateDialog })));

/** Mounted once at the root; shows whichever plan-gating dialog the error listener opened. */
export function PlanGateDialogs() {
  const gate = useSelector(selectGateDialog);
  const dispatch = useDispatch();
  if (!gate) return null;
  return (
    <Suspense fallback={null}>
      <PlanGateDialog kind={gate.kind} message={gate.message} onClose={() => dispatch(gateDialogClosed())} />
    </Suspense>
  );
}

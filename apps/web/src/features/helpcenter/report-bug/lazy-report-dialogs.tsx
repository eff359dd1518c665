import { lazy, Suspense, useState } from 'react';
import type { ReportDialogKind } from './report-dialogs';

const Dialogs = lazy(() => import('./report-dialogs'));

/**
 * The account menu's "Report a bug" and "Send feedback": `open(kind)` shows the dialog from any page; the
 * dialogs' code loads the first time one is opened.
 */
export function useReportDialogs() {
  const [open, setOpen] = useState<ReportDialogKind | null>(null);
  const [used, setUsed] = useState(false);
  const dialogs = used ? (
    <Suspense fallback={null}>
      <Dialogs open={open} onClose={() => setOpen(null)} />
    </Suspense>
  ) : null;
  return {
    dialogs,
    open: (kind: ReportDialogKind) => {
      setUsed(true);
      setOpen(kind);
    },
  };
}

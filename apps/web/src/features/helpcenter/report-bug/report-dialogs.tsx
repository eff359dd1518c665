import { FeedbackDialog } from './feedback-dialog';
import { ReportBugDialog } from './report-bug-dialog';

export type ReportDialogKind = 'bug' | 'feedback';

/** The in-app "Report a bug" and "Send feedback" dialogs (loaded on first use by the account menu). */
export function ReportDialogs(props: { open: ReportDialogKind | null; onClose: () => void }) {
  return (
    <>
      <ReportBugDialog via="app" open={props.open === 'bug'} onClose={props.onClose} />
      <FeedbackDialog open={props.open === 'feedback'} onClose={props.onClose} />
    </>
  );
}
export { ReportDialogs as default };

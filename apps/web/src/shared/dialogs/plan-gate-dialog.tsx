import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { GateDialog } from './dialogs-slice';

const titles: Record<GateDialog, string> = {
  featureLimit: 'Feature limit reached',
  accessFeature: 'Not included in your plan',
};

const explanations: Record<GateDialog, string> = {
  featureLimit: 'You have used everything your plan allows for this feature. Upgrade your plan to use it more.',
  accessFeature: 'Your subscription does not include this feature. Upgrade your plan to use it.',
};

/** Where "See plans" leads: the plan and billing settings with the plan choice open. */
export const SEE_PLANS_URL = '/settings/plan_billing?plans=open';

/**
 * Goes to the plans inside the single-page app: the dialogs sit outside the router (app/providers.tsx), so the
 * address changes through the History API and a popstate tells the router, as the browser's back button would.
 */
export function openPlansPage(win: Window = window) {
  win.history.pushState(win.history.state, '', SEE_PLANS_URL);
  win.dispatchEvent(new PopStateEvent('popstate', { state: win.history.state }));
}

/** The feature-limit and access-feature dialogs (spec section 8). Loaded only when one opens. */
export function PlanGateDialog(props: {
  kind: GateDialog;
  message: string;
  onClose: () => void;
  /** "See plans" (default: the plan and billing settings with the plan choice open). */
  onSeePlans?: () => void;
}) {
  const titleId = `plan-gate-${props.kind}-title`;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{titles[props.kind]}</DialogTitle>
      <DialogContent>
        <DialogContentText>{explanations[props.kind]}</DialogContentText>
        {props.message && <DialogContentText sx={{ mt: 1, fontSize: 14 }}>{props.message}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Got it</Button>
        <Button
          variant="contained"
          onClick={() => {
            props.onClose();
            (props.onSeePlans ?? openPlansPage)();
          }}
        >
          See plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}

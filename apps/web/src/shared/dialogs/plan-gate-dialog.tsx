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

/** The feature-limit and access-feature dialogs (spec section 8). Loaded only when one opens. */
export function PlanGateDialog(props: { kind: GateDialog; message: string; onClose: () => void }) {
  const titleId = `plan-gate-${props.kind}-title`;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{titles[props.kind]}</DialogTitle>
      <DialogContent>
        <DialogContentText>{explanations[props.kind]}</DialogContentText>
        {props.message && <DialogContentText sx={{ mt: 1, fontSize: 14 }}>{props.message}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} variant="contained">
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}

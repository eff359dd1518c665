import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Trade } from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { toast } from '../../shared/toast/toast';
import { failureText } from './failure-text';
import { useRevokeTradeShareMutation, useShareTradeMutation, useTradeShareQuery } from './positions-api';

export function sharedTradeUrl(token: string): string {
  return `${window.location.origin}/shared/trades/${encodeURIComponent(token)}`;
}

/**
 * The share dialog: a public link to a card of a closed trade with its chart. The card shows prices, pips, the
 * R multiple and the result as a share of the balance; the money result only when switched on here.
 */
export function ShareTradeDialog(props: { accountId: string; trade: Trade; onClose: () => void }) {
  const titleId = useId();
  const ref = { account: props.accountId, tradeId: props.trade.id };
  const current = useTradeShareQuery(ref);
  const [share, sharing] = useShareTradeMutation();
  const [revoke, revoking] = useRevokeTradeShareMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const link = current.data ? sharedTradeUrl(current.data.token) : null;
  const act = async (call: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await call();
    } catch (error) {
      setProblem(failureText(error));
    }
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share this trade</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Anyone with the link sees a card of the trade with its chart: symbol, side, entry and exit, pips, R multiple
          and the result as a percentage of the balance. Never the volume.
        </DialogContentText>
        {current.isLoading ? (
          <LoadingState label="Loading the link" />
        ) : link ? (
          <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
            <TextField
              label="Public link"
              value={link}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={current.data?.showMoney ?? false}
                  disabled={sharing.isLoading}
                  onChange={(e) => act(() => share({ ...ref, showMoney: e.target.checked }).unwrap())}
                />
              }
              label="Show the money result"
            />
          </Box>
        ) : (
          <DialogContentText sx={{ mt: 2 }}>This trade has no public link.</DialogContentText>
        )}
        {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
      </DialogContent>
      <DialogActions>
        {link ? (
          <>
            <Button
              color="error"
              disabled={revoking.isLoading}
              onClick={() =>
                act(() =>
                  revoke(ref)
                    .unwrap()
                    .then(() => toast.success('The link no longer works.')),
                )
              }
            >
              Stop sharing
            </Button>
            <Button
              variant="contained"
              onClick={() => act(() => navigator.clipboard.writeText(link).then(() => toast.success('Link copied.')))}
            >
              Copy link
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            disabled={sharing.isLoading || current.isLoading}
            onClick={() => act(() => share({ ...ref, showMoney: false }).unwrap())}
          >
            Create link
          </Button>
        )}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The trade detail's Share button, with its dialog. */
export function ShareTradeButton(props: { accountId: string; trade: Trade }) {
  const [open, setOpen] = useState(false);
  if (props.trade.status !== 'closed') return null;
  return (
    <>
      <Button startIcon={<ShareIcon />} onClick={() => setOpen(true)}>
        Share
      </Button>
      {open && <ShareTradeDialog accountId={props.accountId} trade={props.trade} onClose={() => setOpen(false)} />}
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TradingPosition } from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { useFormAlert } from '../../shared/forms/use-form-alert';
import { InlineAlert } from '../../shared/states/inline-alert';
import {
  contractOf,
  parsePriceInput,
  partialVolumeError,
  roundLots,
  type StopErrors,
  stopLevelErrors,
} from './position-math';

/** What a dialog's submit answers: null when done, else the message to show (the server's, naming the problem). */
export type SubmitResult = Promise<string | null>;

function sideText(p: Pick<TradingPosition, 'side'>) {
  return p.side === 'buy' ? 'Buy' : 'Sell';
}

function PositionSummary(props: { position: TradingPosition; currency: string }) {
  const f = useFormatters();
  const { position: p } = props;
  const digits = contractOf(p.symbol).digits;
  return (
    <DialogContentText component="div" sx={{ mb: 1 }}>
      {sideText(p)} {f.volume(p.volume, { unit: 'lots' })} lots {p.symbol} at {f.price(p.openPrice, digits)}; now{' '}
      {f.price(p.currentPrice, digits)}, P/L <PnlText value={p.upl} currency={props.currency} />
    </DialogContentText>
  );
}

/** Closes the whole position at the market, after a confirmation showing its P/L. */
export function ClosePositionDialog(props: {
  position: TradingPosition;
  currency: string;
  onClose: () => void;
  onSubmit: () => SubmitResult;
}) {
  const titleId = useId();
  const { alert, show } = useFormAlert();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const problem = await props.onSubmit();
    setBusy(false);
    if (problem) show(problem);
    else props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Close position</DialogTitle>
        <DialogContent>
          <PositionSummary position={props.position} currency={props.currency} />
          <DialogContentText>
            It closes at the market price ({props.position.side === 'buy' ? 'bid' : 'ask'}).
          </DialogContentText>
          {alert && <InlineAlert severity="error">{alert}</InlineAlert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            Close position
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Closes part of a position: a volume within the instrument's minimum and step, leaving at least the minimum. */
export function PartialCloseDialog(props: {
  position: TradingPosition;
  currency: string;
  onClose: () => void;
  onSubmit: (volume: number) => SubmitResult;
}) {
  const titleId = useId();
  const spec = contractOf(props.position.symbol);
  const half = roundLots(props.position.volume / 2, spec.volumeStep);
  const [text, setText] = useState(String(half >= spec.volumeMin ? half : spec.volumeMin));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { alert, show, formProps } = useFormAlert();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const volume = Number(text.trim().replace(',', '.'));
    const problem = partialVolumeError(volume, props.position, spec);
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    const failure = await props.onSubmit(volume);
    setBusy(false);
    if (failure) show(failure);
    else props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate {...formProps}>
        <DialogTitle id={titleId}>Close part of the position</DialogTitle>
        <DialogContent>
          <PositionSummary position={props.position} currency={props.currency} />
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Volume to close (lots)"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFieldError(null);
            }}
            error={!!fieldError}
            helperText={fieldError ?? `Minimum ${spec.volumeMin}, step ${spec.volumeStep} lots.`}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
          />
          {alert && <InlineAlert severity="error">{alert}</InlineAlert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Close volume
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export type ModifyValues = { stopLoss: number | null; takeProfit: number | null; trailingStopPoints: number | null };

/** Sets or removes (empty field) the stop loss, take profit and trailing stop of a position. */
export function ModifyPositionDialog(props: {
  position: TradingPosition;
  currency: string;
  onClose: () => void;
  onSubmit: (values: ModifyValues) => SubmitResult;
}) {
  const titleId = useId();
  const p = props.position;
  const [sl, setSl] = useState(p.stopLoss === null ? '' : String(p.stopLoss));
  const [tp, setTp] = useState(p.takeProfit === null ? '' : String(p.takeProfit));
  const [trail, setTrail] = useState(p.trailingStopPoints === null ? '' : String(p.trailingStopPoints));
  const [errors, setErrors] = useState<StopErrors & { trailing?: string }>({});
  const { alert, show, formProps } = useFormAlert();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const stopLoss = parsePriceInput(sl);
    const takeProfit = parsePriceInput(tp);
    const trailingStopPoints = parsePriceInput(trail);
    const found: StopErrors & { trailing?: string } = stopLevelErrors(p.side, p.currentPrice, stopLoss, takeProfit);
    if (
      trailingStopPoints !== null &&
      (!Number.isInteger(trailingStopPoints) || trailingStopPoints < 1 || trailingStopPoints > 10_000_000)
    ) {
      found.trailing = 'Trailing stop must be a whole number of points above zero.';
    }
    setErrors(found);
    if (found.stopLoss || found.takeProfit || found.trailing) return;
    setBusy(true);
    const failure = await props.onSubmit({ stopLoss, takeProfit, trailingStopPoints });
    setBusy(false);
    if (failure) show(failure);
    else props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate {...formProps}>
        <DialogTitle id={titleId}>Modify position</DialogTitle>
        <DialogContent>
          <PositionSummary position={p} currency={props.currency} />
          <Box sx={{ display: 'grid', gap: 1 }}>
            <TextField
              autoFocus
              label="Stop loss"
              value={sl}
              onChange={(e) => setSl(e.target.value)}
              error={!!errors.stopLoss}
              helperText={errors.stopLoss ?? 'Empty removes it.'}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            />
            <TextField
              label="Take profit"
              value={tp}
              onChange={(e) => setTp(e.target.value)}
              error={!!errors.takeProfit}
              helperText={errors.takeProfit ?? 'Empty removes it.'}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            />
            <TextField
              label="Trailing stop (points)"
              value={trail}
              onChange={(e) => setTrail(e.target.value)}
              error={!!errors.trailing}
              helperText={errors.trailing ?? 'The server moves the stop loss behind the price. Empty: off.'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
          </Box>
          {alert && <InlineAlert severity="error">{alert}</InlineAlert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Cancels a pending order, after a confirmation naming it. */
export function CancelOrderDialog(props: {
  order: { symbol: string; side: 'buy' | 'sell'; type: string; size: number };
  onClose: () => void;
  onSubmit: () => SubmitResult;
}) {
  const titleId = useId();
  const { alert, show } = useFormAlert();
  const [busy, setBusy] = useState(false);
  const o = props.order;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const problem = await props.onSubmit();
    setBusy(false);
    if (problem) show(problem);
    else props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Cancel order</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Cancel the {o.type.replace('_', '-')} order to {o.side} {o.size} lots {o.symbol}?
          </DialogContentText>
          {alert && <InlineAlert severity="error">{alert}</InlineAlert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Keep it</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            Cancel order
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

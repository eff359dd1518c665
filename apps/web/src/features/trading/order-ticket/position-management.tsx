import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TradingAccount, TradingPosition } from '@tradedesk/contracts';
import type { Instrument } from '@tradedesk/core';
import { useState } from 'react';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { useClosePartiallyMutation, useClosePositionMutation, useModifyPositionMutation } from '../trading-api';
import { useAccountLive } from '../use-account-live';
import { readNumber, serverErrorTextOf } from './ticket-text';

/** The order panel's position tab (default management): the symbol's open positions, each closed or adjusted. */
export function PositionManagement(props: { account: TradingAccount; instrument: Instrument }) {
  const live = useAccountLive(props.account.id);
  const positions = live.positions.filter((p) => p.symbol === props.instrument.id);
  if (live.status === 'loading' && !live.account) return <LoadingState label="Loading positions" />;
  if (positions.length === 0)
    return (
      <EmptyState
        title={`No open ${props.instrument.id} position.`}
        description="Positions you open on this symbol are managed here."
      />
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {positions.map((p) => (
        <PositionCard key={p.id} account={props.account} instrument={props.instrument} position={p} />
      ))}
    </Box>
  );
}

function PositionCard(props: { account: TradingAccount; instrument: Instrument; position: TradingPosition }) {
  const { position: p, instrument, account } = props;
  const f = useFormatters();
  const [volume, setVolume] = useState('');
  const [stopLoss, setStopLoss] = useState(p.stopLoss?.toFixed(instrument.digits) ?? '');
  const [takeProfit, setTakeProfit] = useState(p.takeProfit?.toFixed(instrument.digits) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [close, closing] = useClosePositionMutation();
  const [closePart, closingPart] = useClosePartiallyMutation();
  const [modify, modifying] = useModifyPositionMutation();
  const busy = closing.isLoading || closingPart.isLoading || modifying.isLoading;
  const platformToken = account.token;
  const pnl = f.pnl(p.upl, account.currency);

  async function run(work: () => Promise<unknown>, done: string) {
    setError(null);
    try {
      await work();
      toast.success(done);
    } catch (e) {
      setError(serverErrorTextOf(e, 'The change was not made. Try again.'));
    }
  }

  const level = (text: string) => (text.trim() === '' ? null : readNumber(text));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.25, display: 'grid', gap: 1 }}
      aria-label={`${p.side} ${p.volume} ${p.symbol}`}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {p.side === 'buy' ? 'Buy' : 'Sell'} {p.volume} at {f.price(p.openPrice, instrument.digits)}
        </Typography>
        <Typography variant="body2" sx={{ color: f.pnlColor(pnl.direction), fontVariantNumeric: 'tabular-nums' }}>
          {pnl.text}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, alignItems: 'start' }}>
        <TextField size="small" label="Stop loss" value={stopLoss} onChange={(e) => setStopLoss(e.target.value)} />
        <TextField
          size="small"
          label="Take profit"
          value={takeProfit}
          onChange={(e) => setTakeProfit(e.target.value)}
        />
        <Button
          disabled={busy}
          sx={{ gridColumn: '1 / -1', justifySelf: 'end' }}
          onClick={() =>
            void run(
              () =>
                modify({
                  platformToken,
                  positionId: p.positionId,
                  stopLoss: level(stopLoss),
                  takeProfit: level(takeProfit),
                }).unwrap(),
              'Stop loss and take profit saved.',
            )
          }
        >
          Save levels
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto auto', gap: 1, alignItems: 'start' }}>
        <TextField
          size="small"
          label="Lots to close"
          type="number"
          value={volume}
          onChange={(e) => setVolume(e.target.value)}
          slotProps={{ htmlInput: { min: instrument.volumeMin, step: instrument.volumeStep, max: p.volume } }}
        />
        <Button
          disabled={busy || readNumber(volume) === null}
          onClick={() =>
            void run(
              () => closePart({ platformToken, positionId: p.positionId, volume: readNumber(volume) ?? 0 }).unwrap(),
              `Closed ${volume} of ${p.symbol}.`,
            )
          }
        >
          Close part
        </Button>
        <Button
          color="error"
          variant="outlined"
          disabled={busy}
          onClick={() =>
            void run(() => close({ platformToken, positionId: p.positionId }).unwrap(), `${p.symbol} position closed.`)
          }
        >
          Close
        </Button>
      </Box>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
    </Paper>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { PnlText } from '../../shared/format/pnl-text';
import { getWsClient, type WsClient, type WsEvent } from '../../shared/ws/ws-client';
import { useAccountLive, useActiveAccount } from '../trading';
import { announceFill } from './fill-alerts';
import { contractOf } from './position-math';

/** What a position event modal tells: a stop loss (or take profit, or stop out) closed it, or part of it closed. */
export type PositionEvent =
  | { kind: 'closed'; reason: 'stop_loss' | 'take_profit' | 'stop_out'; position: TradingPosition }
  | { kind: 'partial'; closedVolume: number; position: TradingPosition };

const closedTitles = { stop_loss: 'Stop loss hit', take_profit: 'Take profit hit', stop_out: 'Stopped out' } as const;

/**
 * Reads one `account:<id>` event against the volumes known before it: a flat position closed by its stop loss,
 * take profit or a stop out, or an open position whose volume went down (a partial close). Anything else: null.
 */
export function positionEventOf(
  event: Pick<WsEvent, 'event' | 'data'>,
  known: Map<string, number>,
): PositionEvent | null {
  if (event.event !== 'position') return null;
  const p = event.data as TradingPosition;
  const before = known.get(p.id);
  if (p.kind === 'flat') {
    known.delete(p.id);
    const reason = p.closeReason;
    if (reason === 'stop_loss' || reason === 'take_profit' || reason === 'stop_out') {
      return { kind: 'closed', reason, position: p };
    }
    return null;
  }
  known.set(p.id, p.volume);
  if (before !== undefined && p.volume < before - 1e-9) {
    return { kind: 'partial', closedVolume: Number((before - p.volume).toFixed(8)), position: p };
  }
  return null;
}

function fillText(event: Pick<WsEvent, 'event' | 'data'>): { title: string; body: string } | null {
  if (event.event === 'order') {
    const o = event.data as TradingOrder;
    if (o.status !== 'filled' || o.type === 'market') return null;
    return {
      title: 'Order filled',
      body: `${o.side === 'buy' ? 'Buy' : 'Sell'} ${o.size} ${o.symbol} at ${o.fillPrice}`,
    };
  }
  if (event.event === 'position') {
    const p = event.data as TradingPosition;
    if (p.kind !== 'flat') return null;
    return {
      title: 'Position closed',
      body: `${p.side === 'buy' ? 'Buy' : 'Sell'} ${p.initialVolume} ${p.symbol} at ${p.closePrice}`,
    };
  }
  return null;
}

/**
 * Listens to the active account's channel and raises the position event modals; plays and notifies fills when
 * the trader switched that on. Mounted once, in the shell.
 */
export function usePositionEvents(
  accountId: string | null,
  known: Map<string, number>,
  client: WsClient = getWsClient(),
) {
  const [events, setEvents] = useState<PositionEvent[]>([]);
  const knownRef = useRef(known);
  knownRef.current = known;
  useEffect(() => {
    if (accountId === null) return;
    // The client hands a second listener the channel's last event at once: that one is old news.
    let replaying = true;
    const stop = client.subscribe(`account:${accountId}`, (event) => {
      if (replaying) return;
      const found = positionEventOf(event, knownRef.current);
      if (found) setEvents((list) => [...list, found]);
      const fill = fillText(event);
      if (fill) announceFill(fill.title, fill.body);
    });
    replaying = false;
    return stop;
  }, [accountId, client]);
  return { current: events[0] ?? null, dismiss: () => setEvents((list) => list.slice(1)) };
}

/** One position event, as a modal. */
export function PositionEventDialog(props: { event: PositionEvent; currency: string; onClose: () => void }) {
  const titleId = useId();
  const f = useFormatters();
  const { event } = props;
  const p = event.position;
  const digits = contractOf(p.symbol).digits;
  const side = p.side === 'buy' ? 'Buy' : 'Sell';
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {event.kind === 'closed' ? closedTitles[event.reason] : 'Position partly closed'}
      </DialogTitle>
      <DialogContent>
        {event.kind === 'closed' ? (
          <DialogContentText component="div">
            {side} {f.volume(p.initialVolume, { unit: 'lots' })} lots {p.symbol} opened at{' '}
            {f.price(p.openPrice, digits)} closed at {f.price(p.closePrice, digits)}. Booked:{' '}
            <PnlText value={p.profit + p.commission + p.swap} currency={props.currency} />
          </DialogContentText>
        ) : (
          <DialogContentText component="div">
            {f.volume(event.closedVolume, { unit: 'lots' })} lots of the {side.toLowerCase()} {p.symbol} position
            closed; {f.volume(p.volume, { unit: 'lots' })} lots stay open. Booked so far:{' '}
            <PnlText value={p.profit} currency={props.currency} />
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shell's host of the position event modals for the active account. */
export function PositionEventsHost() {
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const live = useAccountLive(accountId);
  const known = useRef(new Map<string, number>()).current;
  // Volumes known before any event: the positions as first read.
  for (const p of live.positions) if (!known.has(p.id)) known.set(p.id, p.volume);
  const { current, dismiss } = usePositionEvents(accountId, known);
  if (!current) return null;
  return (
    <PositionEventDialog
      event={current}
      currency={live.account?.currency ?? account?.currency ?? 'USD'}
      onClose={dismiss}
    />
  );
}

export default PositionEventsHost;

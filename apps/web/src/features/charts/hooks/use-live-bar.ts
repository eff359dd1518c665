import { useEffect, useRef } from 'react';
import { useLiveCandle } from '../../../shared/ws/use-market-channel';
import type { WsClient } from '../../../shared/ws/ws-client';
import type { Candle } from '../model/candles';
import type { Timeframe } from '../model/timeframes';

/**
 * The forming bar of `symbol` at `timeframe`, from the WebSocket channel `candles:<symbol>:<timeframe>` (the
 * feed's bar always equals the history route's last bar at that instant). `onBar` gets each bar received
 * ({ time (unix s), open, high, low, close, volume }); the chart replaces its last bar or appends a new one.
 * The web never runs the simulator itself.
 */
export function useLiveBar(args: {
  symbol: string;
  timeframe: Timeframe;
  enabled: boolean;
  onBar: (bar: Candle) => void;
  /** Another connection than the app's (a signed-out visitor's guest connection). */
  client?: WsClient;
}) {
  const onBar = useRef(args.onBar);
  onBar.current = args.onBar;
  const live = useLiveCandle(args.enabled ? args.symbol : null, args.timeframe, args.client);
  const bar = live.status === 'live' ? live.data : null;
  useEffect(() => {
    if (!bar) return;
    onBar.current({
      time: bar.time,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
    });
  }, [bar]);
}

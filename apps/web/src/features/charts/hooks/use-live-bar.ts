import { useEffect, useRef } from 'react';
import type { Candle } from '../model/candles';
import type { Timeframe } from '../model/timeframes';

/**
 * THE SEAM FOR LIVE BARS. The forming bar of `symbol` at `timeframe` comes over the WebSocket channel
 * `candles:<symbol>:<timeframe>` (the market data issue's live hook). Until that hook is wired here this
 * subscribes to nothing, and the chart shows history only: the web never runs the simulator itself.
 *
 * To wire it: subscribe to the channel for the arguments, and call `onBar` with each bar received
 * ({ time (unix s), open, high, low, close, volume }); the chart replaces its last bar or appends a new one.
 */
export function useLiveBar(args: {
  symbol: string;
  timeframe: Timeframe;
  enabled: boolean;
  onBar: (bar: Candle) => void;
}) {
  const onBar = useRef(args.onBar);
  onBar.current = args.onBar;
  const { symbol, timeframe, enabled } = args;
  useEffect(() => {
    if (!enabled) return;
    // Nothing to subscribe to yet (see above). The effect keeps the dependencies the live hook will need.
    void symbol;
    void timeframe;
  }, [symbol, timeframe, enabled]);
}

import Box from '@mui/material/Box';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { Candle } from '../model/candles';
import { ChartEngine, type ChartType, type EngineEvents, type EngineOptions } from './chart-engine';

export type ChartCanvasProps = {
  candles: Candle[];
  /** Changes when the symbol or timeframe changes: the view is fitted to the latest bars again. */
  seriesKey: string;
  type: ChartType;
  options: EngineOptions;
  events: EngineEvents;
};

/** The chart's canvas: builds the engine once, hands it data and options, and gives it to the page by ref. */
export const ChartCanvas = forwardRef<ChartEngine | null, ChartCanvasProps>(function ChartCanvas(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<ChartEngine | null>(null);
  const events = useRef(props.events);
  events.current = props.events;
  const fittedKey = useRef<string | null>(null);

  // Built in a layout effect, before the ref below is set, so the page holds the engine from its first effects.
  // The engine is built once; options and data follow through the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useLayoutEffect(() => {
    if (!container.current) return;
    const e = new ChartEngine(container.current, props.options, {
      commit: (d) => events.current.commit(d),
      select: (id) => events.current.select(id),
      toolDone: () => events.current.toolDone(),
      redraw: () => events.current.redraw(),
      crosshair: (t) => events.current.crosshair(t),
      needOlder: () => events.current.needOlder(),
    });
    engine.current = e;
    return () => {
      e.dispose();
      engine.current = null;
      fittedKey.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => engine.current as ChartEngine, []);

  useEffect(() => {
    engine.current?.setOptions(props.options);
  }, [props.options]);

  useEffect(() => {
    engine.current?.setType(props.type);
  }, [props.type]);

  useEffect(() => {
    const e = engine.current;
    if (!e) return;
    const fit = props.seriesKey !== '' && fittedKey.current !== props.seriesKey && props.candles.length > 0;
    e.setCandles(props.candles, { fit });
    if (fit) fittedKey.current = props.seriesKey;
  }, [props.candles, props.seriesKey]);

  return (
    <Box
      ref={container}
      data-testid="chart-canvas"
      sx={{ position: 'absolute', inset: 0, touchAction: 'none', userSelect: 'none' }}
    />
  );
});

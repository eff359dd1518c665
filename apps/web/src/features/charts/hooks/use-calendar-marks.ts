import { findInstrument } from '@tradedesk/core';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { useCalendarQuery } from '../../calendar/calendar-api';
import type { ChartEngine, ChartType } from '../components/chart-engine';
import type { Candle } from '../model/candles';
import { CalendarMarksPrimitive, eventsInScope, marksOnBars } from './calendar-marks';

/** Longest range asked for at once (the calendar route answers at most 93 days). */
const MAX_DAYS = 92;
const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * High-impact economic events of the chart symbol's currencies and country, marked on the chart's time axis (see
 * CalendarMarksPrimitive), for the range of the bars loaded (the last 93 days of them at most). Attached to the
 * price series, again when the chart type replaces it. Gives the number of marks shown.
 */
export function useCalendarMarks(
  engine: RefObject<ChartEngine | null>,
  args: { symbol: string; candles: readonly Candle[]; barSeconds: number; type: ChartType },
): number {
  const { symbol, candles, barSeconds, type } = args;
  const first = candles[0]?.time;
  const last = candles.at(-1)?.time;
  // Whole UTC days, so a live bar does not change the question.
  const range = useMemo(() => {
    if (first === undefined || last === undefined) return null;
    const to = utcDay(last + barSeconds);
    const from = utcDay(Math.max(first, last - MAX_DAYS * 86_400));
    return { from, to, impact: 'high' };
  }, [first, last, barSeconds]);
  const query = useCalendarQuery(range ?? { from: '', to: '' }, { skip: !range });
  const instrument = findInstrument(symbol);
  const scope = useMemo(
    () => ({
      currencies: instrument ? [instrument.baseCurrency, instrument.quoteCurrency] : [],
      country: instrument?.country ?? null,
    }),
    [instrument],
  );
  const barTimes = useMemo(() => candles.map((c) => c.time), [candles]);
  const marks = useMemo(
    () => marksOnBars(eventsInScope(query.data?.economic ?? [], scope), barTimes, barSeconds),
    [query.data, scope, barTimes, barSeconds],
  );

  const primitive = useRef<CalendarMarksPrimitive | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the price series is replaced when the type changes
  useEffect(() => {
    const series = engine.current?.priceSeries;
    if (!series) return;
    const p = new CalendarMarksPrimitive();
    series.attachPrimitive(p);
    primitive.current = p;
    return () => {
      // The chart type's change may have removed this series already.
      try {
        series.detachPrimitive(p);
      } catch {}
      primitive.current = null;
    };
  }, [engine, type]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the primitive of a new price series needs the marks too
  useEffect(() => {
    primitive.current?.setMarks(marks);
  }, [marks, type]);
  return marks.length;
}

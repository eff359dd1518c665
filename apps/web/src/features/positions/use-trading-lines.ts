import type { TradingOrder, TradingPosition } from '@tradedesk/contracts';
import type { IPriceLine, ISeriesApi, SeriesType } from 'lightweight-charts';
import { LineStyle } from 'lightweight-charts';
import { type RefObject, useEffect, useMemo, useReducer, useRef } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { toast } from '../../shared/toast/toast';
import type { ChartEngine } from '../charts/components/chart-engine';
import {
  type OrderRequest,
  useAccountLive,
  useActiveAccount,
  useModifyPositionMutation,
  usePlaceOrderMutation,
} from '../trading';
import { failureText } from './failure-text';
import { contractOf } from './position-math';

export type TradingLineKind = 'entry' | 'sl' | 'tp' | 'pending';

/** One price line of the active account on the chart: a position's entry, SL or TP, or a pending order's price. */
export type TradingLine = {
  id: string;
  kind: TradingLineKind;
  price: number;
  title: string;
  color: string;
  /** SL, TP and pending prices can be dragged; the entry cannot. */
  draggable: boolean;
  position?: TradingPosition;
  order?: TradingOrder;
};

export const lineColors: Record<TradingLineKind, string> = {
  entry: '#2962FF',
  sl: '#EF5350',
  tp: '#26A69A',
  pending: '#FF9800',
};

const bare = (symbol: string) => (symbol.includes(':') ? symbol.slice(symbol.indexOf(':') + 1) : symbol).toUpperCase();

/** The lines of the positions and pending orders of `symbol`; `pnl` writes a position's live P/L. */
export function tradingLinesOf(
  positions: readonly TradingPosition[],
  orders: readonly TradingOrder[],
  symbol: string,
  pnl: (p: TradingPosition) => string,
): TradingLine[] {
  const wanted = bare(symbol);
  const lines: TradingLine[] = [];
  for (const p of positions) {
    if (bare(p.symbol) !== wanted || p.kind === 'flat') continue;
    const side = p.side === 'buy' ? 'Buy' : 'Sell';
    lines.push({
      id: `${p.id}:entry`,
      kind: 'entry',
      price: p.openPrice,
      title: `${side} ${p.volume} ${pnl(p)}`,
      color: lineColors.entry,
      draggable: false,
      position: p,
    });
    if (p.stopLoss !== null) {
      lines.push({
        id: `${p.id}:sl`,
        kind: 'sl',
        price: p.stopLoss,
        title: 'SL',
        color: lineColors.sl,
        draggable: true,
        position: p,
      });
    }
    if (p.takeProfit !== null) {
      lines.push({
        id: `${p.id}:tp`,
        kind: 'tp',
        price: p.takeProfit,
        title: 'TP',
        color: lineColors.tp,
        draggable: true,
        position: p,
      });
    }
  }
  for (const o of orders) {
    if (bare(o.symbol) !== wanted || o.status !== 'pending') continue;
    const price = o.triggerPrice ?? o.limitPrice;
    if (price === null) continue;
    const type = o.type === 'stop_limit' ? 'stop limit' : o.type;
    lines.push({
      id: `${o.id}:pending`,
      kind: 'pending',
      price,
      title: `${o.side === 'buy' ? 'Buy' : 'Sell'} ${type} ${o.size}`,
      color: lineColors.pending,
      draggable: true,
      order: o,
    });
  }
  return lines;
}

/** The draggable line nearest to `y` within `tolerance` pixels, or null. */
export function lineAt(
  lines: readonly TradingLine[],
  y: number,
  priceToY: (price: number) => number | null,
  tolerance = 5,
): TradingLine | null {
  let best: { line: TradingLine; d: number } | null = null;
  for (const line of lines) {
    if (!line.draggable) continue;
    const ly = priceToY(line.price);
    if (ly === null) continue;
    const d = Math.abs(ly - y);
    if (d <= tolerance && (!best || d < best.d)) best = { line, d };
  }
  return best?.line ?? null;
}

/** An order's request with its price (or SL, TP) changed, every other field as it is (a modify resends them). */
export function orderRequestWith(o: TradingOrder, price: number): OrderRequest {
  const usesTrigger = o.triggerPrice !== null;
  return {
    orderId: o.id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    size: o.size,
    triggerPrice: usesTrigger ? price : o.triggerPrice,
    limitPrice: usesTrigger ? o.limitPrice : price,
    stopLoss: o.stopLoss,
    takeProfit: o.takeProfit,
    stopLossPips: o.stopLossPips,
    takeProfitPips: o.takeProfitPips,
    stopLossLock: o.stopLossLock,
    takeProfitLock: o.takeProfitLock,
    trailingStopPoints: o.trailingStopPoints,
    expiry: o.expiry,
    ...(o.expiresAt ? { expiresAt: o.expiresAt } : {}),
  };
}

type Drawn = { series: ISeriesApi<SeriesType>; lines: Map<string, IPriceLine> };

/**
 * Draws the active account's open positions and pending orders of `symbol` on the chart as price lines (entry
 * with its P/L live, SL, TP, pending price). Dragging an SL, TP or pending line with the mouse modifies it
 * through the API; the success toast has an Undo that puts the old level back.
 */
export function useTradingLines(engine: RefObject<ChartEngine | null>, symbol: string): void {
  const { account } = useActiveAccount();
  const live = useAccountLive(account?.id ?? null);
  const f = useFormatters();
  const currency = live.account?.currency ?? account?.currency ?? 'USD';
  const [modifyPosition] = useModifyPositionMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const lines = useMemo(
    () => tradingLinesOf(live.positions, live.orders, symbol, (p) => f.pnl(p.upl, currency).text),
    [live.positions, live.orders, symbol, f, currency],
  );
  const drawn = useRef<Drawn | null>(null);
  /** Prices shown while a drag or its call is under way (line id to price). */
  const overrides = useRef(new Map<string, number>());
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const token = account?.token ?? null;
  const digits = contractOf(symbol).digits;

  // Sync the price lines with the data (after every render: the series is replaced when the chart type changes).
  useEffect(() => {
    const series = engine.current?.priceSeries;
    if (!series) return;
    if (drawn.current && drawn.current.series !== series) drawn.current = null;
    const state: Drawn = drawn.current ?? { series, lines: new Map() };
    drawn.current = state;
    const seen = new Set<string>();
    for (const line of lines) {
      seen.add(line.id);
      const price = overrides.current.get(line.id) ?? line.price;
      const options = {
        price,
        color: line.color,
        title: line.title,
        lineWidth: 1 as const,
        lineStyle: line.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
      };
      const existing = state.lines.get(line.id);
      if (existing) existing.applyOptions(options);
      else state.lines.set(line.id, series.createPriceLine(options));
    }
    for (const [id, priceLine] of state.lines) {
      if (!seen.has(id)) {
        series.removePriceLine(priceLine);
        state.lines.delete(id);
      }
    }
  });

  // Remove every line when the hook goes (symbol change keeps the hook: the sync above drops the old lines).
  useEffect(
    () => () => {
      const state = drawn.current;
      if (!state) return;
      for (const priceLine of state.lines.values()) {
        try {
          state.series.removePriceLine(priceLine);
        } catch {
          // the chart is already gone
        }
      }
      drawn.current = null;
    },
    [],
  );

  // Mouse drag of SL, TP and pending lines.
  useEffect(() => {
    const e = engine.current;
    if (!e || token === null) return;
    const el = e.chart.chartElement();
    const local = (ev: PointerEvent) => {
      const r = el.getBoundingClientRect();
      return { x: ev.clientX - r.left, y: ev.clientY - r.top };
    };
    const inPane = (p: { x: number; y: number }) => {
      const size = e.chart.paneSize();
      return p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height;
    };
    const priceToY = (price: number) => e.priceSeries.priceToCoordinate(price);
    let drag: { line: TradingLine; pointerId: number } | null = null;

    const commit = async (line: TradingLine, from: number, to: number) => {
      const what = line.kind === 'sl' ? 'Stop loss' : line.kind === 'tp' ? 'Take profit' : 'Order price';
      const send = async (price: number) => {
        if (line.position) {
          const field = line.kind === 'sl' ? { stopLoss: price } : { takeProfit: price };
          await modifyPosition({ platformToken: token, positionId: line.position.id, ...field }).unwrap();
        } else if (line.order) {
          await placeOrder({
            platformToken: token,
            idempotencyKey: crypto.randomUUID(),
            order: orderRequestWith(line.order, price),
          }).unwrap();
        }
      };
      try {
        await send(to);
        toast.success(`${what} of ${line.position?.symbol ?? line.order?.symbol} moved to ${f.price(to, digits)}.`, {
          undo: true,
          action: {
            label: 'Undo',
            onClick: () => {
              send(from).then(
                () => toast.info(`${what} put back to ${f.price(from, digits)}.`),
                (error: unknown) => toast.error(failureText(error), { title: 'The change could not be undone' }),
              );
            },
          },
        });
      } catch (error) {
        toast.error(failureText(error), { title: `${what} not moved` });
      } finally {
        overrides.current.delete(line.id);
        redraw();
      }
    };

    const down = (ev: PointerEvent) => {
      if (ev.button !== 0) return;
      const p = local(ev);
      if (!inPane(p)) return;
      const line = lineAt(linesRef.current, p.y, priceToY);
      if (!line) return;
      ev.preventDefault();
      ev.stopPropagation();
      e.chart.applyOptions({ handleScroll: false, handleScale: false });
      el.setPointerCapture?.(ev.pointerId);
      drag = { line, pointerId: ev.pointerId };
    };
    const move = (ev: PointerEvent) => {
      const p = local(ev);
      if (drag) {
        const price = e.priceSeries.coordinateToPrice(p.y);
        if (price === null) return;
        const rounded = Number(price.toFixed(digits));
        overrides.current.set(drag.line.id, rounded);
        drawn.current?.lines.get(drag.line.id)?.applyOptions({ price: rounded });
        return;
      }
      el.style.cursor = inPane(p) && lineAt(linesRef.current, p.y, priceToY) ? 'ns-resize' : '';
    };
    const up = (ev: PointerEvent) => {
      if (!drag || ev.pointerId !== drag.pointerId) return;
      const { line } = drag;
      drag = null;
      el.releasePointerCapture?.(ev.pointerId);
      e.chart.applyOptions({ handleScroll: true, handleScale: true });
      const to = overrides.current.get(line.id);
      if (to === undefined || Math.abs(to - line.price) < 10 ** -digits / 2) {
        overrides.current.delete(line.id);
        redraw();
        return;
      }
      void commit(line, line.price, to);
    };
    el.addEventListener('pointerdown', down, { capture: true });
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('pointerdown', down, { capture: true });
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.style.cursor = '';
    };
  }, [engine, token, digits, f, modifyPosition, placeOrder]);
}

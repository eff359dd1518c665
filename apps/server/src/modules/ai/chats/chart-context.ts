import type { AiChartAnalysisBody } from '@tradedesk/contracts';
import { chartReadings, toCandleArrays } from '@tradedesk/core';

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(2) : Number(v.toPrecision(6)).toString());

/**
 * The chart the user is looking at, as text for the model: the range's open, high, low and close, its change, the
 * last bars, the standard indicator readings computed from those same bars (RSI, MACD, SMA 20/50, Bollinger, ATR)
 * and the indicator values the chart shows. The analysis works from these numbers, not from a picture.
 */
export function chartContext(body: AiChartAnalysisBody): string {
  const symbol = body.symbol.toUpperCase();
  const lines = [`Chart under analysis: ${symbol}, timeframe ${body.timeframe}.`];
  const candles = [...(body.candles ?? [])].sort((a, b) => a.time - b.time);
  const first = candles[0];
  const last = candles.at(-1);
  if (first && last) {
    const high = Math.max(...candles.map((c) => c.high));
    const low = Math.min(...candles.map((c) => c.low));
    const change = last.close - first.open;
    const pct = first.open !== 0 ? (change / first.open) * 100 : 0;
    lines.push(
      `${candles.length} bars from ${new Date(first.time * 1000).toISOString()} to ${new Date(last.time * 1000).toISOString()}: ` +
        `open ${fmt(first.open)}, high ${fmt(high)}, low ${fmt(low)}, last close ${fmt(last.close)}, ` +
        `change ${change >= 0 ? '+' : ''}${fmt(change)} (${pct.toFixed(2)} %).`,
    );
    lines.push('Last bars (time, open, high, low, close):');
    for (const c of candles.slice(-10))
      lines.push(
        `${new Date(c.time * 1000).toISOString()} ${fmt(c.open)} ${fmt(c.high)} ${fmt(c.low)} ${fmt(c.close)}`,
      );
    const r = chartReadings(toCandleArrays(candles.map((c) => ({ ...c, volume: c.volume ?? 0 }))));
    const computed = r.readings
      .filter((x) => x.plots.some((p) => p.latest !== null))
      .map(
        (x) =>
          `${x.label} ${x.plots.map((p) => `${p.title.toLowerCase()} ${p.latest === null ? 'n/a' : fmt(p.latest)}`).join(', ')}`,
      );
    if (computed.length > 0)
      lines.push(
        `Indicator readings at the last bar (${new Date(last.time * 1000).toISOString()}, ${body.timeframe}), computed from these bars: ${computed.join('; ')}.`,
      );
  }
  for (const ind of body.indicators ?? []) {
    const values = Object.entries(ind.values)
      .map(([k, v]) => `${k} ${v === null ? 'n/a' : fmt(v)}`)
      .join(', ');
    lines.push(`Indicator ${ind.name}: ${values}.`);
  }
  if (body.snapshot_media_id) lines.push('A snapshot of the chart is attached.');
  return lines.join('\n');
}

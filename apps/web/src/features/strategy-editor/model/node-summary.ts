import type { StrategyNode } from '@tradedesk/contracts';

type Exit = Extract<StrategyNode, { type: 'buy_action' }>['data']['stopLoss'];

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function exitText(exit: Exit): string {
  switch (exit.mode) {
    case 'none':
      return 'none';
    case 'pips':
      return `${exit.pips} pips`;
    case 'atr':
      return `${exit.multiplier}× ATR(${exit.period})`;
    case 'price':
      return `at ${exit.price}`;
  }
}

/** Weekdays as ranges: [1,2,3,4,5] -> "Mon–Fri". */
export function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j += 1;
    const from = weekdays[(sorted[i] ?? 1) - 1];
    const to = weekdays[(sorted[j] ?? 1) - 1];
    parts.push(j > i + 1 ? `${from}–${to}` : j === i + 1 ? `${from}, ${to}` : `${from}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** One line saying what a node does with its settings: "RSI(14) · RSI", "crosses above", "1 lot · SL 20 pips". */
export function nodeSummary(node: StrategyNode, indicatorNames: ReadonlyMap<string, string>): string {
  switch (node.type) {
    case 'price':
      return node.data.field.toUpperCase();
    case 'indicator': {
      if (!node.data.indicatorId) return 'Pick an indicator';
      const name = indicatorNames.get(node.data.indicatorId) ?? node.data.indicatorId;
      const inputs = Object.values(node.data.inputs).filter((v) => typeof v === 'number');
      return `${name}${inputs.length ? `(${inputs.join(', ')})` : ''}${node.data.output ? ` · ${node.data.output}` : ''}`;
    }
    case 'constant':
      return String(node.data.value);
    case 'time':
      return `${node.data.from}–${node.data.to} ${node.data.timeZone}, ${daysText(node.data.days)}`;
    case 'calendar_event':
      return `${node.data.impact} impact${node.data.currencies.length ? ` ${node.data.currencies.join(', ')}` : ''}, −${node.data.minutesBefore}/+${node.data.minutesAfter} min`;
    case 'compare':
      return `a ${node.data.operator} b`;
    case 'cross':
      return `a crosses ${node.data.direction} b`;
    case 'and':
      return 'a and b';
    case 'or':
      return 'a or b';
    case 'not':
      return 'not in';
    case 'trend':
      return `${node.data.direction} for ${node.data.bars} ${node.data.bars === 1 ? 'bar' : 'bars'}`;
    case 'buy_action':
    case 'sell_action': {
      const { size: s } = node.data;
      const size = s.mode === 'lots' ? `${s.lots} ${s.lots === 1 ? 'lot' : 'lots'}` : `${s.percent}% risk`;
      return `${size} · SL ${exitText(node.data.stopLoss)} · TP ${exitText(node.data.takeProfit)}`;
    }
    case 'close_action':
      return node.data.side === 'all' ? 'all positions' : `${node.data.side} positions`;
  }
}

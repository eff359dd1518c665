import type { AlertFormValues } from './alert-form-model';

/**
 * The contract's messages name the body's wire paths ("condition.value is required for crossing.") because API
 * clients read them; the dialog shows them on each field in the field's own words ("Price is required for
 * crossing."). The words of each form field, as its label says it.
 */
function labelOf(field: string, v: AlertFormValues): string {
  const labels: Record<string, string> = {
    name: 'Name',
    symbol: 'Symbol',
    interval: 'Interval',
    trigger: 'Trigger',
    expiresAt: 'Expiry',
    message: 'Message',
    webhookUrl: 'Webhook URL',
    priceOperator: 'Condition',
    value: 'Price',
    lower: 'Lower bound',
    upper: 'Upper bound',
    percent: 'Percent',
    minutes: 'Minutes',
    indicator: 'Indicator',
    plot: 'Plot',
    indicatorOperator: 'Condition',
    indicatorValue: 'Value',
    otherPlot: 'Other plot',
    drawingId: 'Drawing',
    drawingOperator: 'Condition',
    watchlistId: 'Watchlist',
    watchlistOperator: 'Condition',
    watchlistPercent: 'Percent',
    watchlistMinutes: 'Minutes',
    minutesBefore: 'Minutes before',
    impact: 'Impact',
    currencies: 'Currencies',
    accountId: 'Trading account',
    metric: 'Metric',
    inputs: 'Indicator inputs',
    threshold: v.metric === 'equity_below' ? 'Equity' : 'Threshold',
  };
  if (labels[field]) return labels[field];
  if (field.startsWith('inputs.')) return `Input ${field.slice('inputs.'.length)}`;
  return field;
}

/** Fields picked from a list: "is required" or "must be a … id" there means nothing was picked. */
const CHOOSE: Record<string, string> = {
  indicator: 'Choose an indicator.',
  plot: 'Choose a plot.',
  otherPlot: 'Choose the other plot.',
  drawingId: 'Pick a drawing on the chart: right-click a trend line or horizontal line.',
  watchlistId: 'Choose a watchlist.',
  accountId: 'Choose a trading account.',
};

/** Every wire path a message may name, and the form field it belongs to (for a type of alert). */
function pathFields(v: AlertFormValues): Array<[string, string]> {
  const byType: Record<string, Record<string, string>> = {
    price: {
      operator: 'priceOperator',
      value: 'value',
      lower: 'lower',
      upper: 'upper',
      percent: 'percent',
      minutes: 'minutes',
    },
    indicator: {
      indicator: 'indicator',
      plot: 'plot',
      operator: 'indicatorOperator',
      value: 'indicatorValue',
      against: 'otherPlot',
      inputs: 'inputs',
    },
    drawing: { drawing_id: 'drawingId', operator: 'drawingOperator' },
    watchlist: {
      watchlist_id: 'watchlistId',
      operator: 'watchlistOperator',
      percent: 'watchlistPercent',
      minutes: 'watchlistMinutes',
    },
    calendar: { minutes_before: 'minutesBefore', impact: 'impact', currencies: 'currencies' },
    account: { account_id: 'accountId', metric: 'metric', value: 'threshold' },
  };
  const condition = Object.entries(byType[v.type] ?? {}).map(
    ([key, field]) => [`condition.${key}`, field] as [string, string],
  );
  return [
    ['delivery.webhook.url', 'webhookUrl'],
    ['delivery.webhook.secret', 'webhookUrl'],
    ['delivery.webhook', 'webhookUrl'],
    ['expires_at', 'expiresAt'],
    ...condition,
  ];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A contract or server message in the words of the dialog: each wire path it names becomes the label of its
 * field (lower-cased inside a sentence), and a field picked from a list that is missing or not an id asks to
 * choose one. `field` is the form field the message is shown on, or null (a message above the form).
 */
export function fieldMessage(field: string | null, message: string, v: AlertFormValues): string {
  if (field && CHOOSE[field] && /is required|must be an? [\w ]*id\b|UUID/i.test(message)) return CHOOSE[field];
  let text = message;
  for (const [path, f] of pathFields(v)) {
    text = text.replace(new RegExp(`${escapeRegExp(path)}(?!\\w|\\.\\w)`, 'g'), (_m, offset: number) => {
      const label = labelOf(f, v);
      return offset === 0 || /[.:]\s*$/.test(text.slice(0, offset)) ? label : label.toLowerCase();
    });
  }
  // a top-level path that opens the message: "symbol is required." → "Symbol is required."
  const opening = /^(symbol|interval|trigger|name|message)\b/.exec(text);
  if (opening) text = labelOf(opening[1]!, v) + text.slice(opening[0].length);
  return text
    .replace(/must be the id of one of your/g, 'must be one of your')
    .replace(/ in ISO 8601 format, or null\./, '.');
}

import { type Alert, type CreateAlertBody, createAlertBodySchema, type UpdateAlertBody } from '@tradedesk/contracts';
import { fieldMessage } from './alert-field-messages';
import {
  ACCOUNT_METRIC_LABELS,
  type AlertFormValues,
  type AlertType,
  emptyAlertValues,
  isChannel,
  isMoving,
  PRICE_OPERATOR_LABELS,
  toLocalInput,
} from './alert-form-model';

/** A typed number: empty text is left out (the schema says it is required), anything else unreadable is NaN. */
function num(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  return Number(t);
}

/** An input of the catalogue keeps its kind: numbers as numbers, true/false as booleans, the rest as text. */
function inputValue(text: string): number | string | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

/** What the body's `condition` is, for the dialog's values of each type (request bodies are snake_case). */
function conditionOf(v: AlertFormValues): Record<string, unknown> {
  switch (v.type) {
    case 'price': {
      const op = v.priceOperator;
      if (isMoving(op)) return { operator: op, percent: num(v.percent), minutes: num(v.minutes) };
      if (isChannel(op)) return { operator: op, lower: num(v.lower), upper: num(v.upper) };
      return { operator: op, value: num(v.value) };
    }
    case 'indicator':
      return {
        indicator: v.indicator,
        inputs: Object.fromEntries(Object.entries(v.indicatorInputs).map(([k, t]) => [k, inputValue(t)])),
        plot: v.plot,
        operator: v.indicatorOperator,
        ...(v.compareTo === 'value' ? { value: num(v.indicatorValue) } : { against: v.otherPlot }),
      };
    case 'drawing':
      return { drawing_id: v.drawingId, operator: v.drawingOperator };
    case 'watchlist':
      return {
        watchlist_id: v.watchlistId,
        operator: v.watchlistOperator,
        percent: num(v.watchlistPercent),
        minutes: num(v.watchlistMinutes),
      };
    case 'calendar':
      return {
        minutes_before: num(v.minutesBefore),
        impact: v.impact,
        currencies: v.currencies
          .split(/[\s,;]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      };
    case 'account':
      return { account_id: v.accountId, metric: v.metric, value: num(v.threshold) };
  }
}

const withSymbol = (type: AlertType) => type === 'price' || type === 'indicator';

/** The condition in words, from the dialog's values: the alert's name when the user gives none. */
export function describeValues(v: AlertFormValues): string {
  const symbol = v.symbol.trim() || 'Symbol';
  switch (v.type) {
    case 'price': {
      const op = PRICE_OPERATOR_LABELS[v.priceOperator];
      if (isMoving(v.priceOperator))
        return `${symbol} ${v.priceOperator === 'moving_up_pct' ? 'up' : 'down'} ${v.percent}% in ${v.minutes} min`;
      if (isChannel(v.priceOperator)) return `${symbol} ${op.toLowerCase()} ${v.lower}–${v.upper}`;
      return `${symbol} ${op.toLowerCase()} ${v.value}`;
    }
    case 'indicator':
      return `${symbol} ${v.indicator.toUpperCase() || 'indicator'} ${v.plot} ${PRICE_OPERATOR_LABELS[v.indicatorOperator].toLowerCase()} ${v.compareTo === 'value' ? v.indicatorValue : v.otherPlot} (${v.interval})`;
    case 'drawing':
      return `${symbol} ${PRICE_OPERATOR_LABELS[v.drawingOperator].toLowerCase()} ${(v.drawingLabel || 'drawing').toLowerCase()}`;
    case 'watchlist':
      return `Watchlist ${v.watchlistOperator === 'moving_up_pct' ? 'up' : 'down'} ${v.watchlistPercent}% in ${v.watchlistMinutes} min`;
    case 'calendar':
      return `${v.impact[0]!.toUpperCase()}${v.impact.slice(1)}-impact events, ${v.minutesBefore} min before`;
    case 'account':
      return `${ACCOUNT_METRIC_LABELS[v.metric]} ${v.threshold}`;
  }
}

/** POST /alerts's body for the dialog's values. `expiresAt` is local time text: sent as an ISO instant. */
export function createBody(v: AlertFormValues): Record<string, unknown> {
  const expires = v.expiresAt.trim() === '' ? null : new Date(v.expiresAt);
  return {
    type: v.type,
    ...(withSymbol(v.type) ? { symbol: v.symbol.trim() } : {}),
    name: v.name.trim() || describeValues(v).slice(0, 120),
    condition: conditionOf(v),
    interval: v.interval,
    trigger: v.trigger,
    expires_at: expires === null ? null : Number.isNaN(expires.getTime()) ? v.expiresAt : expires.toISOString(),
    message: v.message,
    delivery: {
      app: true,
      toast: v.toast,
      sound: v.sound,
      email: v.email,
      webhook: v.webhook ? { url: v.webhookUrl.trim() } : null,
    },
  };
}

/** PUT /alerts/{id}'s body: everything but the type, which cannot change. */
export function updateBody(v: AlertFormValues): UpdateAlertBody {
  const { type: _type, ...rest } = createBody(v);
  return rest as UpdateAlertBody;
}

/** The form field that a body path (as the server's `details.fields` and the schema name it) belongs to. */
export function formFieldOf(path: string, v: AlertFormValues): string | null {
  const top: Record<string, string> = {
    name: 'name',
    symbol: 'symbol',
    interval: 'interval',
    trigger: 'trigger',
    expires_at: 'expiresAt',
    message: 'message',
    'delivery.webhook': 'webhookUrl',
    'delivery.webhook.url': 'webhookUrl',
    'delivery.webhook.secret': 'webhookUrl',
  };
  if (top[path]) return top[path];
  if (!path.startsWith('condition')) return null;
  const key = path.split('.')[1] ?? '';
  const byType: Record<AlertType, Record<string, string>> = {
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
      value: v.compareTo === 'value' ? 'indicatorValue' : 'otherPlot',
      against: 'otherPlot',
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
  if (v.type === 'indicator' && key === 'inputs') {
    const input = path.split('.')[2];
    return input ? `inputs.${input}` : 'indicator';
  }
  return byType[v.type][key] ?? null;
}

/** The form's own check, with the contract's schema (the server checks the same): messages by form field. */
export function checkValues(v: AlertFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.type === 'drawing' && !v.drawingId) {
    errors.drawingId = 'Pick a drawing on the chart: right-click a trend line or horizontal line.';
  }
  if (v.webhook && v.webhookUrl.trim() === '') errors.webhookUrl = 'Webhook URL is required for a webhook.';
  if (v.expiresAt.trim() !== '' && Number.isNaN(new Date(v.expiresAt).getTime()))
    errors.expiresAt = 'Expiry must be a date and time.';
  const parsed = createAlertBodySchema.safeParse(createBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = formFieldOf(path, v) ?? formFieldOf(path.split('.').slice(0, 2).join('.'), v);
      if (field && !errors[field]) errors[field] = fieldMessage(field, issue.message, v);
    }
  }
  return errors;
}

export type { CreateAlertBody };

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The dialog's values for editing a saved alert. */
export function valuesFromAlert(alert: Alert, nowMs: number): AlertFormValues {
  const base = emptyAlertValues(
    {
      toast: alert.delivery.toast,
      sound: alert.delivery.sound,
      email: alert.delivery.email,
      trigger: alert.trigger,
      expiryDays: null,
    },
    nowMs,
  );
  const common: AlertFormValues = {
    ...base,
    type: alert.type,
    name: alert.name,
    symbol: alert.symbol ?? '',
    interval: alert.interval,
    expiresAt: alert.expiresAt ? toLocalInput(Date.parse(alert.expiresAt)) : '',
    message: alert.message,
    webhook: alert.delivery.webhook !== null,
    webhookUrl: alert.delivery.webhook?.url ?? '',
  };
  switch (alert.type) {
    case 'price': {
      const c = alert.condition;
      return {
        ...common,
        priceOperator: c.operator,
        value: text(c.value),
        lower: text(c.lower),
        upper: text(c.upper),
        percent: text(c.percent),
        minutes: c.minutes === undefined ? common.minutes : String(c.minutes),
      };
    }
    case 'indicator': {
      const c = alert.condition;
      return {
        ...common,
        indicator: c.indicator,
        indicatorInputs: Object.fromEntries(Object.entries(c.inputs).map(([k, x]) => [k, String(x)])),
        plot: c.plot,
        indicatorOperator: c.operator,
        compareTo: c.against ? 'plot' : 'value',
        indicatorValue: text(c.value),
        otherPlot: c.against ?? '',
      };
    }
    case 'drawing':
      return {
        ...common,
        drawingId: alert.condition.drawingId,
        drawingLabel: 'Drawing',
        drawingOperator: alert.condition.operator,
      };
    case 'watchlist': {
      const c = alert.condition;
      return {
        ...common,
        watchlistId: c.watchlistId,
        watchlistOperator: c.operator,
        watchlistPercent: String(c.percent),
        watchlistMinutes: String(c.minutes),
      };
    }
    case 'calendar': {
      const c = alert.condition;
      return {
        ...common,
        minutesBefore: String(c.minutesBefore),
        impact: c.impact,
        currencies: c.currencies.join(', '),
      };
    }
    case 'account': {
      const c = alert.condition;
      return { ...common, accountId: c.accountId, metric: c.metric, threshold: String(c.value) };
    }
  }
}

/** A saved alert's condition in words, for the panel's table. */
export function describeAlert(alert: Alert, price: (n: number) => string = String): string {
  const s = alert.symbol ?? '';
  switch (alert.type) {
    case 'price': {
      const c = alert.condition;
      const op = PRICE_OPERATOR_LABELS[c.operator].toLowerCase();
      if (isMoving(c.operator))
        return `${s} ${c.operator === 'moving_up_pct' ? 'up' : 'down'} ${c.percent}% within ${c.minutes} min`;
      if (isChannel(c.operator)) return `${s} ${op} ${price(c.lower ?? 0)}–${price(c.upper ?? 0)}`;
      return `${s} ${op} ${price(c.value ?? 0)}`;
    }
    case 'indicator': {
      const c = alert.condition;
      const inputs = Object.values(c.inputs).join(', ');
      return `${s} ${c.indicator.toUpperCase()}${inputs ? `(${inputs})` : ''} ${c.plot} ${PRICE_OPERATOR_LABELS[c.operator].toLowerCase()} ${c.against ?? c.value} on ${alert.interval}`;
    }
    case 'drawing':
      return `${s} ${PRICE_OPERATOR_LABELS[alert.condition.operator].toLowerCase()} a drawing`;
    case 'watchlist': {
      const c = alert.condition;
      return `Any watchlist symbol ${c.operator === 'moving_up_pct' ? 'up' : 'down'} ${c.percent}% within ${c.minutes} min`;
    }
    case 'calendar': {
      const c = alert.condition;
      const cur = c.currencies.length > 0 ? ` (${c.currencies.join(', ')})` : '';
      return `${c.minutesBefore} min before ${c.impact}-impact events${cur}`;
    }
    case 'account': {
      const c = alert.condition;
      return c.metric === 'equity_below'
        ? `Equity below ${c.value}`
        : c.metric === 'margin_level_below'
          ? `Margin level below ${c.value}%`
          : `Daily loss within ${c.value}% of the prop limit`;
    }
  }
}

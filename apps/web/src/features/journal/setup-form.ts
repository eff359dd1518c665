import type { ChartTimeframe, ManualSetup, ManualSetupDirection, ManualSetupsBody } from '@tradedesk/contracts';

type SetupBody = ManualSetupsBody['state'][number];

/** The setup dialog's fields, as typed. */
export type SetupForm = {
  name: string;
  symbol: string;
  timeframe: ChartTimeframe;
  direction: ManualSetupDirection;
  entryFrom: string;
  entryTo: string;
  stopLoss: string;
  takeProfit: string;
  strategyId: string;
};

export type SetupFormErrors = Partial<Record<keyof SetupForm, string>>;

export const emptySetupForm: SetupForm = {
  name: '',
  symbol: '',
  timeframe: '15m',
  direction: 'long',
  entryFrom: '',
  entryTo: '',
  stopLoss: '',
  takeProfit: '',
  strategyId: '',
};

const text = (n: number | null) => (n === null ? '' : String(n));

export function setupFormOf(s: ManualSetup): SetupForm {
  return {
    name: s.name,
    symbol: s.symbol,
    timeframe: s.timeframe,
    direction: s.direction ?? 'long',
    entryFrom: text(s.entryFrom),
    entryTo: s.entryTo !== null && s.entryTo !== s.entryFrom ? text(s.entryTo) : '',
    stopLoss: text(s.stopLoss),
    takeProfit: text(s.takeProfit),
    strategyId: s.strategyId ?? '',
  };
}

const price = (v: string): number | null | 'bad' => {
  const t = v.trim().replace(',', '.');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : 'bad';
};

/**
 * Checks a setup as the server will (user-data-entries.ts), with a sentence per field: a symbol, an entry, a long's
 * stop below its entry zone and target above it, a short's the other way round.
 */
export function validateSetup(form: SetupForm): SetupFormErrors {
  const errors: SetupFormErrors = {};
  if (!/^[A-Za-z0-9._-]{1,20}$/.test(form.symbol.trim()))
    errors.symbol = 'Symbol must be a ticker such as EURUSD: 1 to 20 letters, digits, dots, underscores or hyphens.';
  const values = {
    entryFrom: price(form.entryFrom),
    entryTo: price(form.entryTo),
    stopLoss: price(form.stopLoss),
    takeProfit: price(form.takeProfit),
  };
  const names = { entryFrom: 'Entry from', entryTo: 'Entry to', stopLoss: 'Stop', takeProfit: 'Target' };
  for (const key of Object.keys(values) as Array<keyof typeof values>) {
    if (values[key] === 'bad') errors[key] = `${names[key]} must be a price above 0.`;
  }
  if (values.entryFrom === null)
    errors.entryFrom = 'Entry from is needed: the price (or one end of the zone) to enter at.';
  if (Object.keys(errors).length) return errors;
  const entries = [values.entryFrom, values.entryTo].filter((v): v is number => typeof v === 'number');
  const low = Math.min(...entries);
  const high = Math.max(...entries);
  const stop = values.stopLoss as number | null;
  const target = values.takeProfit as number | null;
  if (form.direction === 'long') {
    if (stop !== null && stop >= low) errors.stopLoss = 'Stop must be below the entry zone for a long setup.';
    if (target !== null && target <= high) errors.takeProfit = 'Target must be above the entry zone for a long setup.';
  } else {
    if (stop !== null && stop <= high) errors.stopLoss = 'Stop must be above the entry zone for a short setup.';
    if (target !== null && target >= low) errors.takeProfit = 'Target must be below the entry zone for a short setup.';
  }
  return errors;
}

/** The body of a valid form; a new setup gets `id`, an edited one keeps its chart and source. */
export function setupFormBody(form: SetupForm, id: string, existing?: ManualSetup): SetupBody {
  const num = (v: string) => {
    const p = price(v);
    return typeof p === 'number' ? p : null;
  };
  return {
    id,
    name: form.name.trim(),
    symbol: form.symbol.trim().toUpperCase(),
    ...(existing ? { source: existing.source } : {}),
    timeframe: form.timeframe,
    chart_id: existing?.chartId ?? null,
    direction: form.direction,
    entry_from: num(form.entryFrom),
    entry_to: num(form.entryTo) ?? num(form.entryFrom),
    stop_loss: num(form.stopLoss),
    take_profit: num(form.takeProfit),
    strategy_id: form.strategyId || null,
  };
}

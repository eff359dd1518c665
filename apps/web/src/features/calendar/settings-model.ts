import type {
  CalendarImpactLevel,
  CalendarSettings,
  CalendarSettingsBody,
  EarningsEvent,
  IpoEvent,
} from '@tradedesk/contracts';

/**
 * The calendar settings dialog (spec section 3 "Calendar settings") as typed: amounts as text, lists as
 * comma-separated names. `validateSettings` checks it as the server does (contracts calendarSettingsBodySchema),
 * with a sentence naming the field.
 */
export type SettingsForm = {
  economicShow: boolean;
  impactLevel: CalendarImpactLevel;
  exchanges: string;
  industries: string;
  earningsShow: boolean;
  epsMin: string;
  epsMax: string;
  revenueMin: string;
  revenueMax: string;
  iposShow: boolean;
  marketCapMin: string;
  marketCapMax: string;
};

export type SettingsField = keyof SettingsForm;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** Amount suffixes the fields accept (any case): 10B is 10 billion. */
const UNITS: ReadonlyArray<readonly [suffix: string, factor: number]> = [
  ['T', 1e12],
  ['B', 1e9],
  ['M', 1e6],
  ['K', 1e3],
];

/** A saved amount as the field shows it: 10000000000 as 10B, 2500000 as 2.5M, 0.5 as 0.5. */
export function amountText(n: number | null): string {
  if (n === null) return '';
  const unit = UNITS.find(([, factor]) => Math.abs(n) >= factor);
  if (!unit) return String(n);
  const scaled = Number((n / unit[1]).toPrecision(12));
  return Number((scaled * unit[1]).toPrecision(15)) === n ? `${scaled}${unit[0]}` : String(n);
}

const text = amountText;
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function settingsFormOf(s: CalendarSettings): SettingsForm {
  return {
    economicShow: s.economic.show,
    impactLevel: s.economic.impactLevel,
    exchanges: s.filters.exchanges.join(', '),
    industries: s.filters.industries.join(', '),
    earningsShow: s.earnings.show,
    epsMin: text(s.earnings.epsMin),
    epsMax: text(s.earnings.epsMax),
    revenueMin: text(s.earnings.revenueMin),
    revenueMax: text(s.earnings.revenueMax),
    iposShow: s.ipos.show,
    marketCapMin: text(s.ipos.marketCapMin),
    marketCapMax: text(s.ipos.marketCapMax),
  };
}

/** The fields' names as the dialog labels them, for the messages. */
export const settingsLabels: Record<SettingsField, string> = {
  economicShow: 'Show economic events',
  impactLevel: 'Impact level',
  exchanges: 'Exchanges',
  industries: 'Industries',
  earningsShow: 'Show earnings',
  epsMin: 'EPS min',
  epsMax: 'EPS max',
  revenueMin: 'Revenue min',
  revenueMax: 'Revenue max',
  iposShow: 'Show IPOs',
  marketCapMin: 'Market cap min',
  marketCapMax: 'Market cap max',
};

/**
 * An amount field: '' is no bound, else a finite number, optionally with a K, M, B or T suffix in any case
 * (10B is 10 billion; 1,5 and 1 000 are read as 1.5 and 1000).
 */
export function parseAmount(value: string): number | null | 'bad' {
  let t = value.trim().replace(/\s/g, '').replace(',', '.');
  if (!t) return null;
  let factor = 1;
  const unit = UNITS.find(([suffix]) => t.toUpperCase().endsWith(suffix));
  if (unit) {
    factor = unit[1];
    t = t.slice(0, -1);
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return 'bad';
  const n = Number(t) * factor;
  if (!Number.isFinite(n)) return 'bad';
  // 1.1B is 1100000000, not 1100000000.0000002
  return factor === 1 ? n : Number(n.toPrecision(15));
}
const amount = parseAmount;

const pairs = [
  ['epsMin', 'epsMax'],
  ['revenueMin', 'revenueMax'],
  ['marketCapMin', 'marketCapMax'],
] as const;

export function validateSettings(form: SettingsForm): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const [min, max] of pairs) {
    const a = amount(form[min]);
    const b = amount(form[max]);
    if (a === 'bad')
      errors[min] = `${settingsLabels[min]} must be a number (10B = 10 billion), or empty for no minimum.`;
    if (b === 'bad')
      errors[max] = `${settingsLabels[max]} must be a number (10B = 10 billion), or empty for no maximum.`;
    if (typeof a === 'number' && typeof b === 'number' && b < a)
      errors[max] = `${settingsLabels[max]} must not be less than ${settingsLabels[min]}.`;
  }
  for (const field of ['exchanges', 'industries'] as const) {
    const names = list(form[field]);
    if (names.length > 100) errors[field] = `${settingsLabels[field]} may hold at most 100 names.`;
    else if (names.some((n) => n.length > 60))
      errors[field] = `${settingsLabels[field]}: each name must be at most 60 characters.`;
  }
  return errors;
}

/** The PUT body of a valid form, in the wire's snake_case (contracts calendarSettingsBodySchema). */
export function settingsBodyOf(form: SettingsForm): CalendarSettingsBody {
  const num = (v: string) => {
    const a = amount(v);
    return typeof a === 'number' ? a : null;
  };
  return {
    economic: { show: form.economicShow, impact_level: form.impactLevel },
    filters: { exchanges: list(form.exchanges), industries: list(form.industries) },
    earnings: {
      show: form.earningsShow,
      eps_min: num(form.epsMin),
      eps_max: num(form.epsMax),
      revenue_min: num(form.revenueMin),
      revenue_max: num(form.revenueMax),
    },
    ipos: {
      show: form.iposShow,
      market_cap_min: num(form.marketCapMin),
      market_cap_max: num(form.marketCapMax),
    },
  };
}

/**
 * The form field a server message is about: its `details.fields` name the body's path (`earnings.epsMax`, or in
 * snake case `earnings.eps_max`).
 */
export function fieldOfServerPath(path: string): SettingsField | null {
  const [section = '', key = ''] = path.split('.');
  const k = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  if (section === 'economic') return k === 'show' ? 'economicShow' : k === 'impactLevel' ? 'impactLevel' : null;
  if (section === 'filters') return k === 'exchanges' || k === 'industries' ? k : null;
  if (section === 'earnings') {
    if (k === 'show') return 'earningsShow';
    return (['epsMin', 'epsMax', 'revenueMin', 'revenueMax'] as const).find((f) => f === k) ?? null;
  }
  if (section === 'ipos') {
    if (k === 'show') return 'iposShow';
    return (['marketCapMin', 'marketCapMax'] as const).find((f) => f === k) ?? null;
  }
  return null;
}

const within = (value: number | null, min: number | null, max: number | null) =>
  (min === null && max === null) ||
  (value !== null && (min === null || value >= min) && (max === null || value <= max));
const inList = (value: string | null, names: readonly string[]) =>
  names.length === 0 || (value !== null && names.some((n) => n.toLowerCase() === value.toLowerCase()));

/**
 * Earnings the settings keep: exchange and industry in the filters (when any are set), EPS and revenue estimates
 * within their bounds (an event without an estimate fails a bound that is set).
 */
export function keepEarnings(e: EarningsEvent, s: CalendarSettings): boolean {
  return (
    inList(e.exchange, s.filters.exchanges) &&
    inList(e.industry, s.filters.industries) &&
    within(e.epsEstimate, s.earnings.epsMin, s.earnings.epsMax) &&
    within(e.revenueEstimate, s.earnings.revenueMin, s.earnings.revenueMax)
  );
}

/** IPOs the settings keep: exchange and industry in the filters, market cap within its bounds. */
export function keepIpo(e: IpoEvent, s: CalendarSettings): boolean {
  return (
    inList(e.exchange, s.filters.exchanges) &&
    inList(e.industry, s.filters.industries) &&
    within(e.marketCap, s.ipos.marketCapMin, s.ipos.marketCapMax)
  );
}

import { INSTRUMENTS } from '../market/instruments/catalogue.js';
import { EXCHANGES, GBX_PER_GBP } from '../market/instruments/reference-data.js';
import { type SessionTemplate, sessionDay, sessionTemplate, tradeDateAt } from '../market/instruments/sessions.js';
import { LruCache } from '../market/lru.js';
import { hash3, normal, seedOf, uniform } from '../market/sim/random.js';
import { dateOfEpochDay, epochDayOf, isoWeekday, localToUtcMs, MS_PER_DAY } from '../market/time-zones.js';
import { fundamentalsOf } from './fundamentals.js';
import { isHoliday, nextBusinessDay, previousBusinessDay } from './schedule.js';
import type { SimEarningsEvent, SimIpoEvent } from './types.js';

/**
 * Corporate events of the simulated world. Earnings: every stock of the catalogue reports each calendar quarter
 * on its own stable slot (a weekday 3 to 6 weeks after the quarter's end, before the open or after the close in
 * its exchange's time zone, moved off its exchange's holidays), with EPS, revenue and shares from the fundamentals table
 * (the market cap is the simulated market's price × shares: `earningsMarketCap`). IPOs: a few fictional companies a week on US and European exchanges,
 * on business days, each with a name and a ticker unique over decades. All values are counter-based draws: no state.
 */

const TAG_EPS = 11;
const TAG_REVENUE = 12;
const TAG_EPS_SURPRISE = 13;
const TAG_REVENUE_SURPRISE = 14;
/** Average beat of reported EPS and revenue over the consensus (companies guide low). */
const EPS_BEAT = 0.03;
const EPS_SURPRISE_SD = 0.06;
const REVENUE_BEAT = 0.008;
const REVENUE_SURPRISE_SD = 0.025;
const AR_PHI = 0.85;
const AR_TERMS = 28;

interface Company {
  instrumentId: string;
  company: string;
  exchange: string;
  country: string;
  industry: string;
  currency: string;
  timeZone: string;
  template: SessionTemplate;
  seed: number;
  weeksAfter: number;
  weekday: number;
  session: 'before_open' | 'after_close';
  /** Shares outstanding; with the simulated market's price they give the market cap. */
  shares: number;
  /** Units of the quote per unit of `currency` (100 for London's pence). */
  quotePerCurrency: number;
  /** Quarterly EPS and revenue at the reference level, in `currency`. */
  quarterEps: number;
  quarterRevenue: number;
  /** Revenue and EPS factor of calendar quarters 1-4 (index 0-3). */
  seasonal: readonly number[];
}

/** Typical price-earnings and price-sales ratios by GICS sector, for a stock missing from the fundamentals table. */
const SECTOR_MULTIPLES: Record<string, readonly [number, number]> = {
  'Information Technology': [30, 7],
  'Communication Services': [20, 4],
  'Consumer Discretionary': [22, 1.8],
  'Consumer Staples': [22, 1.8],
  Financials: [12, 2.5],
  'Health Care': [20, 4],
  Energy: [11, 1],
  Industrials: [20, 1.8],
  Materials: [15, 1.2],
  Utilities: [16, 2],
};

/** Industries whose sales peak in the year-end holiday quarter. */
const HOLIDAY_SEASON = /Retail|Apparel|Hotels|Entertainment|Beverages|Household/;

const round2 = (x: number) => Math.round(x * 100) / 100;
/** EPS in cents, or tenths of a cent for companies earning less than ten cents a share a quarter. */
const roundEps = (x: number, scale: number) => (Math.abs(scale) < 0.1 ? Math.round(x * 1000) / 1000 : round2(x));
const roundMillions = (x: number) => Math.round(x / 1e6) * 1e6;

const COMPANIES: readonly Company[] = INSTRUMENTS.filter((i) => i.source === 'STOCKS').map((i) => {
  const seed = seedOf(`earnings:${i.id}`);
  const u = (n: number) => uniform(hash3(seed, 0, n));
  const currency = i.quoteCurrency === 'GBX' ? 'GBP' : i.quoteCurrency;
  const price = i.quoteCurrency === 'GBX' ? i.referencePrice / GBX_PER_GBP : i.referencePrice;
  const f = fundamentalsOf(i.id);
  let marketCap: number;
  let annualEps: number;
  let annualRevenue: number;
  if (f) {
    marketCap = price * f.sharesB * 1e9;
    annualEps = f.eps;
    annualRevenue = f.revenueB * 1e9;
  } else {
    // not in the table: a large cap valued at its sector's multiples
    const [pe, ps] = SECTOR_MULTIPLES[i.sector ?? ''] ?? [18, 2.5];
    marketCap = 10 ** (10.3 + 1.88 * u(1));
    annualEps = price / pe;
    annualRevenue = marketCap / ps;
  }
  // a stable seasonal pattern: ±2 % around the year, ±6 % peaking in Q4 for holiday-season businesses
  const amplitude = HOLIDAY_SEASON.test(i.industry ?? '') ? 0.06 : 0.02 * u(2);
  const peak = HOLIDAY_SEASON.test(i.industry ?? '') ? 3 : Math.floor(u(3) * 4);
  const seasonal = [0, 1, 2, 3].map((q) => 1 + amplitude * Math.cos((Math.PI / 2) * (q - peak)));
  return {
    instrumentId: i.id,
    company: i.name,
    exchange: i.exchange,
    country: i.country ?? 'US',
    industry: i.industry ?? 'Unclassified',
    currency,
    timeZone: EXCHANGES.find((x) => x.id === i.exchange)?.timeZone ?? 'America/New_York',
    template: sessionTemplate(i.session),
    seed,
    weeksAfter: 3 + Math.floor(u(4) * 4),
    weekday: 2 + Math.floor(u(5) * 4),
    session: u(6) < 0.5 ? 'before_open' : 'after_close',
    shares: Math.round(marketCap / price),
    quotePerCurrency: i.quoteCurrency === 'GBX' ? GBX_PER_GBP : 1,
    quarterEps: annualEps / 4,
    quarterRevenue: annualRevenue / 4,
    seasonal,
  };
});
const COMPANY_BY_ID = new Map(COMPANIES.map((c) => [c.instrumentId, c]));

/** Sum of AR(1) shocks: a slowly moving log deviation of a company's figures from their reference level. */
function arDeviation(seed: number, k: number, tag: number): number {
  let sum = 0;
  let w = 1;
  for (let j = 0; j < AR_TERMS; j++) {
    sum += w * normal(hash3(seed, k - j, tag));
    w *= AR_PHI;
  }
  return sum;
}

function localTime(c: Company): number {
  if (c.session === 'before_open') return 7 * 60;
  return c.country === 'US' ? 16 * 60 + 5 : 17 * 60 + 45;
}

/** The release instant when the shares trade then, else the next opening (within a week), in UTC ms. */
function firstTradeAfter(template: SessionTemplate, ms: number): number {
  const minute = ms / 60_000;
  const first = tradeDateAt(template, ms);
  for (let label = first; label < first + 7; label++) {
    for (const [a, b] of sessionDay(template, label).open) {
      if (minute < a) return a * 60_000;
      if (minute < b) return ms;
    }
  }
  return ms;
}

/** Report of company `c` for calendar quarter q (1-4) of `year`. */
function earningsOf(c: Company, year: number, q: number): SimEarningsEvent {
  const k = year * 4 + q - 1;
  const quarterEnd = (q < 4 ? epochDayOf(year, q * 3 + 1, 1) : epochDayOf(year + 1, 1, 1)) - 1;
  const target = quarterEnd + 7 * c.weeksAfter;
  // a holiday of its exchange (Good Friday, Thanksgiving, Christmas...) moves the report to the previous trading day
  const day = previousBusinessDay(c.exchange, target - isoWeekday(target) + c.weekday);
  const season = c.seasonal[q - 1]!;
  const epsEstimate = roundEps(c.quarterEps * season * Math.exp(0.06 * arDeviation(c.seed, k, TAG_EPS)), c.quarterEps);
  const revenueEstimate = roundMillions(
    c.quarterRevenue * season * Math.exp(0.04 * arDeviation(c.seed, k, TAG_REVENUE)),
  );
  const epsActual = roundEps(
    epsEstimate * (1 + EPS_BEAT + EPS_SURPRISE_SD * normal(hash3(c.seed, k, TAG_EPS_SURPRISE))),
    c.quarterEps,
  );
  const revenueActual = roundMillions(
    revenueEstimate * (1 + REVENUE_BEAT + REVENUE_SURPRISE_SD * normal(hash3(c.seed, k, TAG_REVENUE_SURPRISE))),
  );
  const timeMs = localToUtcMs(c.timeZone, day, localTime(c));
  return {
    id: `ER-${c.instrumentId}-${year}Q${q}`,
    instrumentId: c.instrumentId,
    company: c.company,
    exchange: c.exchange,
    country: c.country,
    industry: c.industry,
    timeMs,
    reactionMs: firstTradeAfter(c.template, timeMs),
    session: c.session,
    fiscalPeriod: `Q${q} ${year}`,
    currency: c.currency,
    epsEstimate,
    epsActual,
    revenueEstimate,
    revenueActual,
    sharesOutstanding: c.shares,
    surprise: earningsSurprise(epsEstimate, epsActual, revenueEstimate, revenueActual),
  };
}

/** Signed size of an earnings surprise in typical surprises (EPS weighs 70 %, revenue 30 %); > 0 is a beat. */
export function earningsSurprise(epsEstimate: number, epsActual: number, revEstimate: number, revActual: number) {
  const eps = epsEstimate !== 0 ? (epsActual - epsEstimate) / Math.abs(epsEstimate) : 0;
  const rev = revEstimate !== 0 ? (revActual - revEstimate) / Math.abs(revEstimate) : 0;
  return Math.round((0.7 * (eps / EPS_SURPRISE_SD) + 0.3 * (rev / REVENUE_SURPRISE_SD)) * 100) / 100;
}

/**
 * Market capitalisation of a report's company, in the report's currency, at a share price in the instrument's
 * quote (pence for London): the simulated market's price at the time that matters times the shares outstanding.
 */
export function earningsMarketCap(e: Pick<SimEarningsEvent, 'instrumentId' | 'sharesOutstanding'>, quotePrice: number) {
  const divisor = COMPANY_BY_ID.get(e.instrumentId)?.quotePerCurrency ?? 1;
  return roundMillions((quotePrice / divisor) * e.sharesOutstanding);
}

const quarterCache = new LruCache<number, readonly SimEarningsEvent[]>(64);

function quarterEvents(k: number): readonly SimEarningsEvent[] {
  return quarterCache.getOrCompute(k, () =>
    Object.freeze(COMPANIES.map((c) => Object.freeze(earningsOf(c, Math.floor(k / 4), (k % 4) + 1)))),
  );
}

function byTimeThenId(a: { timeMs: number; id: string }, b: { timeMs: number; id: string }): number {
  return a.timeMs - b.timeMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function quarterKeyOfMs(ms: number): number {
  const d = dateOfEpochDay(Math.floor(ms / MS_PER_DAY));
  return d.year * 4 + Math.floor((d.month - 1) / 3);
}

/** Earnings releases of the catalogue's stocks in [fromMs, toMs), by time then id. */
export function earningsEvents(fromMs: number, toMs: number): SimEarningsEvent[] {
  if (!(toMs > fromMs)) return [];
  // a quarter's reports come 3 to 7 weeks after it ends
  const first = quarterKeyOfMs(fromMs - 60 * MS_PER_DAY);
  const last = quarterKeyOfMs(toMs);
  const out: SimEarningsEvent[] = [];
  for (let k = first; k <= last; k++)
    for (const e of quarterEvents(k)) if (e.timeMs >= fromMs && e.timeMs < toMs) out.push(e);
  return out.sort(byTimeThenId);
}

/** One earnings release by id (`ER-{instrument}-{year}Q{q}`), or null. */
export function earningsEventById(id: string): SimEarningsEvent | null {
  const match = /^ER-(.+)-(\d{4})Q([1-4])$/.exec(id);
  if (!match) return null;
  const c = COMPANY_BY_ID.get(match[1]!);
  if (!c) return null;
  return quarterEvents(Number(match[2]) * 4 + Number(match[3]) - 1).find((e) => e.instrumentId === c.instrumentId)!;
}

/** The last `count` reports of a stock before `beforeMs`, newest first. */
export function pastEarnings(instrumentId: string, beforeMs: number, count: number): SimEarningsEvent[] {
  const c = COMPANY_BY_ID.get(instrumentId);
  if (!c) return [];
  const out: SimEarningsEvent[] = [];
  for (let k = quarterKeyOfMs(beforeMs); out.length < count && k > 1971 * 4; k--) {
    const e = earningsOf(c, Math.floor(k / 4), (k % 4) + 1);
    if (e.timeMs < beforeMs) out.push(e);
  }
  return out;
}

// ----- IPOs -----

const IPO_SEED = seedOf('ipo');
const FIRST_WORDS = [
  'Quillon',
  'Vantry',
  'Orbelle',
  'Zephyrine',
  'Kestrova',
  'Lumaris',
  'Tervane',
  'Brightmoor',
  'Calvoro',
  'Nimbrel',
  'Ostrava Bay',
  'Pellucid',
  'Rivenna',
  'Solvari',
  'Thalwick',
  'Umbriel',
  'Verdano',
  'Wrenfield',
  'Xandor',
  'Yarrowby',
  'Aldervane',
  'Brisolo',
  'Corventa',
  'Delmiro',
  'Estravel',
  'Faywick',
  'Galdova',
  'Halvessa',
  'Istrane',
  'Jovanta',
] as const;
const NAME_SUFFIXES = ['', 'Group', 'Holdings', 'Technologies', 'Systems', 'Labs'] as const;
/** Distinct company names: consecutive IPO numbers get distinct names for NAME_COUNT of them (about 10 years). */
const NAME_COUNT = FIRST_WORDS.length * 12 * NAME_SUFFIXES.length;
/** Multipliers coprime to NAME_COUNT (2160) and to 26^3: affine maps that permute the IPO numbers. */
const NAME_STEP = 1657;
const TICKER_STEP = 7919;
const TICKER_SPACE = 26 ** 3;
const INDUSTRY_WORDS: readonly (readonly [string, string])[] = [
  ['Software', 'Software'],
  ['Semiconductors & Semiconductor Equipment', 'Semiconductors'],
  ['Biotechnology', 'Bio'],
  ['Health Care Equipment & Supplies', 'Medical'],
  ['Electrical Equipment', 'Power Systems'],
  ['Renewable Electricity', 'Renewables'],
  ['Financial Services', 'Payments'],
  ['Hotels, Restaurants & Leisure', 'Hospitality'],
  ['Specialty Retail', 'Retail'],
  ['Aerospace & Defense', 'Aerospace'],
  ['IT Services', 'Cloud'],
  ['Food Products', 'Foods'],
];
/** [exchange, country, currency, local open, weight] */
const IPO_VENUES: readonly (readonly [string, string, string, number, number])[] = [
  ['NASDAQ', 'US', 'USD', 9 * 60 + 30, 0.35],
  ['NYSE', 'US', 'USD', 9 * 60 + 30, 0.25],
  ['LSE', 'GB', 'GBP', 8 * 60, 0.12],
  ['XETRA', 'DE', 'EUR', 9 * 60, 0.1],
  ['EURONEXT', 'FR', 'EUR', 9 * 60, 0.12],
  ['SIX', 'CH', 'CHF', 9 * 60, 0.06],
];
/** Local closing time of the IPO venues, minutes after midnight. */
const IPO_CLOSE: Record<string, number> = {
  NASDAQ: 16 * 60,
  NYSE: 16 * 60,
  LSE: 16 * 60 + 30,
  XETRA: 17 * 60 + 30,
  EURONEXT: 17 * 60 + 30,
  SIX: 17 * 60 + 30,
};

const mod = (a: number, b: number) => ((a % b) + b) % b;

/** `count` upper-case letters spelling x in base 26. */
function base26(x: number, count: number): string {
  let out = '';
  for (let j = 0, r = x; j < count; j++, r = Math.floor(r / 26)) out = String.fromCharCode(65 + (r % 26)) + out;
  return out;
}

function ipoOf(week: number, i: number): SimIpoEvent {
  const u = (n: number) => uniform(hash3(IPO_SEED, week * 8 + i, n));
  const monday = week * 7 - 3;
  let v = u(2);
  let venue = IPO_VENUES[0]!;
  for (const x of IPO_VENUES) {
    venue = x;
    v -= x[4];
    if (v < 0) break;
  }
  const [exchange, country, currency, open] = venue;
  // a holiday of the exchange (Good Friday, Christmas, Thanksgiving...) moves the listing within its week
  const drawn = monday + Math.floor(u(1) * 5);
  const before = previousBusinessDay(exchange, drawn);
  const day = isHoliday(exchange, drawn) && before < monday ? nextBusinessDay(exchange, drawn) : before;
  // the IPO's number (at most 4 a week) picks its name and ticker through permutations, so neither repeats
  const n = week * 4 + i;
  const m = mod(NAME_STEP * n + 101, NAME_COUNT);
  const first = FIRST_WORDS[m % FIRST_WORDS.length]!;
  const [industry, word] = INDUSTRY_WORDS[Math.floor(m / FIRST_WORDS.length) % INDUSTRY_WORDS.length]!;
  const suffix = NAME_SUFFIXES[Math.floor(m / (FIRST_WORDS.length * INDUSTRY_WORDS.length))]!;
  const company = suffix ? `${first} ${word} ${suffix}` : `${first} ${word}`;
  const letters = first[0]! + base26(mod(TICKER_STEP * n + 4_321, TICKER_SPACE), 3);
  const priceLow = 8 + Math.floor(u(5) * 30);
  const priceHigh = priceLow + (priceLow < 20 ? 2 : 3);
  const sharesOffered = Math.round((5 + 45 * u(6)) * 10) * 100_000;
  const float = 0.1 + 0.2 * u(7);
  const s = u(8);
  const finalPrice =
    s < 0.2
      ? priceLow - 1
      : s > 0.85
        ? priceHigh + 1 + Math.floor(u(9) * 3)
        : priceLow + Math.round(s * (priceHigh - priceLow));
  const mid = (priceLow + priceHigh) / 2;
  const zone = EXCHANGES.find((x) => x.id === exchange)!.timeZone;
  const dayDate = dateOfEpochDay(monday);
  const mondayIso = `${dayDate.year}-${String(dayDate.month).padStart(2, '0')}-${String(dayDate.day).padStart(2, '0')}`;
  return {
    id: `IPO-${mondayIso}-${i + 1}`,
    company,
    ticker: letters,
    exchange,
    country,
    industry,
    timeMs: localToUtcMs(zone, day, open),
    currency,
    priceLow,
    priceHigh,
    sharesOffered,
    marketCap: roundMillions((mid * sharesOffered) / float),
    status: 'priced',
    finalPrice,
    description: `${company} is a fictional ${industry.toLowerCase()} company of the simulated market, planning to list ${(
      sharesOffered / 1e6
    ).toFixed(1)} million shares on ${exchange} at ${priceLow}-${priceHigh} ${currency}.`,
  };
}

const weekCache = new LruCache<number, readonly SimIpoEvent[]>(256);

function weekIpos(week: number): readonly SimIpoEvent[] {
  return weekCache.getOrCompute(week, () => {
    const count = 1 + Math.floor(uniform(hash3(IPO_SEED, week, 0)) * 4);
    return Object.freeze(Array.from({ length: count }, (_, i) => Object.freeze(ipoOf(week, i))));
  });
}

/** ISO week counter of an epoch day (weeks start on Monday; epoch day 0 is a Thursday). */
function weekOf(epochDay: number): number {
  return Math.floor((epochDay + 3) / 7);
}

/** Fictional IPOs in [fromMs, toMs), by time then id. The final price is known at timeMs (see `ipoEventAsOf`). */
export function ipoEvents(fromMs: number, toMs: number): SimIpoEvent[] {
  if (!(toMs > fromMs)) return [];
  const out: SimIpoEvent[] = [];
  const last = weekOf(Math.floor(toMs / MS_PER_DAY) + 1);
  for (let w = weekOf(Math.floor(fromMs / MS_PER_DAY) - 1); w <= last; w++)
    for (const e of weekIpos(w)) if (e.timeMs >= fromMs && e.timeMs < toMs) out.push(e);
  return out.sort(byTimeThenId);
}

/** One IPO by id (`IPO-{Monday of its week}-{n}`), or null. */
export function ipoEventById(id: string): SimIpoEvent | null {
  const match = /^IPO-(\d{4})-(\d{2})-(\d{2})-(\d+)$/.exec(id);
  if (!match) return null;
  const day = epochDayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  if (isoWeekday(day) !== 1) return null;
  return weekIpos(weekOf(day)).find((e) => e.id === id) ?? null;
}

/** The IPO as seen at `nowMs`: before its first trade it is expected, without a final price. */
export function ipoEventAsOf(e: SimIpoEvent, nowMs: number): SimIpoEvent {
  return nowMs >= e.timeMs ? e : { ...e, status: 'expected', finalPrice: null };
}

// ----- IPO prices after the listing -----

const IPO_PATH_SEED = seedOf('ipo-path');
/** Daily volatility of a new listing: high at first, settling to a seasoned stock's within a few months. */
const IPO_DAILY_SD = 0.022;
const IPO_EARLY_SD = 0.04;
const IPO_EARLY_DAYS = 40;
/** Daily closes shown before the answer thins them to weekly (about a year), and weekly before monthly. */
const IPO_DAILY_POINTS = 260;
const IPO_WEEKLY_POINTS = 520;

export interface IpoClose {
  /** The session's close, unix ms. */
  timeMs: number;
  close: number;
}

/**
 * The closes of a simulated IPO's shares from its first trading day to `untilMs` (none before the listing), in its
 * currency: the first day opens at the final price and closes up by a pop that grows with the demand the pricing
 * showed (above the range +25 % on average, inside +10 %, below -3 %), then a random walk of daily returns whose
 * volatility settles after the first weeks. Daily closes for the first year; weekly (the week's last session)
 * past 260 sessions, monthly past 520 weeks. A pure function of the IPO: the same closes in every process.
 */
export function ipoPriceHistory(e: SimIpoEvent, untilMs: number): IpoClose[] {
  const match = /^IPO-(\d{4})-(\d{2})-(\d{2})-(\d+)$/.exec(e.id);
  const finalPrice = e.finalPrice ?? (e.priceLow + e.priceHigh) / 2;
  if (!match || untilMs < e.timeMs) return [];
  const week = weekOf(epochDayOf(Number(match[1]), Number(match[2]), Number(match[3])));
  const key = week * 8 + Number(match[4]) - 1;
  const exchange = e.exchange;
  const zone = EXCHANGES.find((x) => x.id === exchange)?.timeZone ?? 'America/New_York';
  const closeMinute = IPO_CLOSE[exchange] ?? 16 * 60;
  const demand = finalPrice > e.priceHigh ? 0.25 : finalPrice < e.priceLow ? -0.03 : 0.1;
  const first = Math.floor(e.timeMs / MS_PER_DAY) - 1;
  const sessions: IpoClose[] = [];
  let logPrice = Math.log(finalPrice);
  // the simulated world ends in 2300: no walk runs longer than its range
  for (let day = first, n = 0; day < first + 366 * 330; day++) {
    if (isoWeekday(day) > 5 || isHoliday(exchange, day)) continue;
    const timeMs = localToUtcMs(zone, day, closeMinute);
    if (timeMs < e.timeMs) continue;
    if (timeMs > untilMs) break;
    const z = normal(hash3(IPO_PATH_SEED, key, n));
    if (n === 0) logPrice += Math.log(1 + demand) + 0.15 * z;
    else {
      const sd = IPO_DAILY_SD + (IPO_EARLY_SD - IPO_DAILY_SD) * Math.exp(-n / IPO_EARLY_DAYS);
      logPrice += sd * z - (sd * sd) / 2;
    }
    sessions.push({ timeMs, close: Math.max(0.01, round2(Math.exp(logPrice))) });
    n++;
  }
  if (sessions.length <= IPO_DAILY_POINTS) return sessions;
  // thin long histories: the last session of each week (or month), and always the first day and the latest close
  const weekly = sessions.length <= IPO_WEEKLY_POINTS * 5;
  const period = (ms: number) => {
    const day = Math.floor(ms / MS_PER_DAY);
    if (weekly) return weekOf(day);
    const dd = dateOfEpochDay(day);
    return dd.year * 12 + dd.month;
  };
  return sessions.filter(
    (p, i) => i === 0 || i === sessions.length - 1 || period(p.timeMs) !== period(sessions[i + 1]!.timeMs),
  );
}

import { findIndicator, INDICATORS, INSTRUMENTS, isTimeframe, type Timeframe } from '@tradedesk/core';

/**
 * Recognising instruments, indicators and timeframes in a question. Tickers are matched as words (EURUSD,
 * EUR/USD, eur usd, $NVDA); short stock tickers only in capitals, so "ma" or "t" in a sentence is not Mastercard
 * or AT&T; everyday names (gold, bitcoin, the Dax, Apple) by a table of aliases.
 */

const ALIASES: Record<string, string> = {
  gold: 'XAUUSD',
  silver: 'XAGUSD',
  platinum: 'XPTUSD',
  palladium: 'XPDUSD',
  copper: 'COPPER',
  oil: 'USOIL',
  crude: 'USOIL',
  wti: 'USOIL',
  brent: 'UKOIL',
  'natural gas': 'NATGAS',
  'nat gas': 'NATGAS',
  'the dow': 'US30',
  'dow jones': 'US30',
  's&p': 'US500',
  's&p 500': 'US500',
  spx: 'US500',
  nasdaq: 'US100',
  'nasdaq 100': 'US100',
  russell: 'US2000',
  dax: 'DE40',
  ftse: 'UK100',
  cac: 'FR40',
  nikkei: 'JP225',
  'hang seng': 'HK50',
  bitcoin: 'BTCUSD',
  btc: 'BTCUSD',
  ethereum: 'ETHUSD',
  eth: 'ETHUSD',
  solana: 'SOLUSD',
  dogecoin: 'DOGEUSD',
  litecoin: 'LTCUSD',
  cardano: 'ADAUSD',
  cable: 'GBPUSD',
  fiber: 'EURUSD',
  google: 'GOOGL',
  alphabet: 'GOOGL',
  facebook: 'META',
  coca: 'KO',
  'coca-cola': 'KO',
  pepsi: 'PEP',
  disney: 'DIS',
  boeing: 'BA',
  visa: 'V',
  mastercard: 'MA',
  'goldman sachs': 'GS',
  'morgan stanley': 'MS',
  'jp morgan': 'JPM',
  jpmorgan: 'JPM',
  'home depot': 'HD',
};

/** First words of company names that are too generic to name one company. */
const GENERIC_WORDS = new Set([
  'the',
  'bank',
  'banco',
  'general',
  'international',
  'advanced',
  'deutsche',
  'industria',
  'intesa',
  'eli',
  'johnson',
  'wells',
  'zurich',
  'gold',
  'home',
  'morgan',
  'mercedes-benz',
]);

/** Lower-cased company first words (apple, nvidia, tesla) that name exactly one stock. */
const COMPANY_WORDS: Map<string, string> = (() => {
  const counts = new Map<string, string[]>();
  for (const i of INSTRUMENTS) {
    if (i.source !== 'STOCKS') continue;
    const word = (i.name.replace(/^The /, '').split(/[\s,.]+/)[0] ?? '').toLowerCase();
    if (word.length < 4 || GENERIC_WORDS.has(word)) continue;
    counts.set(word, [...(counts.get(word) ?? []), i.ticker]);
  }
  const out = new Map<string, string>();
  for (const [word, tickers] of counts) if (tickers.length === 1) out.set(word, tickers[0]!);
  return out;
})();

const TICKERS = new Set(INSTRUMENTS.map((i) => i.ticker));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Hit = { ticker: string; at: number };

/** The instruments a text names, in the order they appear, each once. */
export function findSymbols(text: string): string[] {
  const hits: Hit[] = [];
  const lower = text.toLowerCase();
  // Six-letter currency pairs written with a slash or a space: EUR/USD, eur usd.
  for (const m of text.matchAll(/\b([A-Za-z]{3})(?=[/ -]([A-Za-z]{3})\b)/g)) {
    const t = `${m[1]}${m[2]}`.toUpperCase();
    if (TICKERS.has(t)) hits.push({ ticker: t, at: m.index });
  }
  for (const m of text.matchAll(/\$?\b([A-Za-z][A-Za-z0-9]{0,6}(?:\.[A-Za-z]{1,2})?)\b/g)) {
    const word = m[1]!;
    const upper = word.toUpperCase();
    if (!TICKERS.has(upper)) continue;
    const dollar = m[0].startsWith('$');
    // Long tickers in any case (eurusd, xauusd); short ones only in capitals, one letter only after a "$".
    const ok = dollar || (upper.length >= 5 ? true : upper.length >= 2 && word === upper);
    if (ok) hits.push({ ticker: upper, at: m.index });
  }
  for (const [alias, ticker] of Object.entries(ALIASES)) {
    const re = new RegExp(`(^|[^a-z0-9&])${escapeRe(alias)}(?![a-z0-9])`, 'g');
    for (const m of lower.matchAll(re)) hits.push({ ticker, at: m.index + m[1]!.length });
  }
  for (const m of lower.matchAll(/\b([a-z][a-z-]{3,})\b/g)) {
    const ticker = COMPANY_WORDS.get(m[1]!);
    if (ticker) hits.push({ ticker, at: m.index });
  }
  hits.sort((a, b) => a.at - b.at);
  return [...new Set(hits.map((h) => h.ticker))];
}

const INDICATOR_ALIASES: [RegExp, string][] = [
  [/\brelative strength\b|\brsi\b/i, 'rsi'],
  [/\bmacd\b/i, 'macd'],
  [/\bbollinger\b|\bbb\b/i, 'bollinger'],
  [/\baverage true range\b|\batr\b/i, 'atr'],
  [/\bexponential moving average\b|\bema\b/i, 'ema'],
  [/\bsimple moving average\b|\bmoving average\b|\bsma\b|\bma\b/i, 'sma'],
  [/\bstoch(?:astic)?\b/i, 'stoch'],
  [/\badx\b|\bdmi\b/i, 'dmi'],
  [/\bparabolic sar\b|\bpsar\b/i, 'psar'],
  [/\bwilliams\b/i, 'williamsR'],
  [/\bsuper ?trend\b/i, 'supertrend'],
  [/\bichimoku\b/i, 'ichimoku'],
  [/\bvwap\b/i, 'vwap'],
  [/\bcci\b/i, 'cci'],
  [/\bmfi\b|\bmoney flow index\b/i, 'mfi'],
  [/\bobv\b|\bon[- ]balance volume\b/i, 'obv'],
  [/\bkeltner\b/i, 'keltner'],
  [/\bdonchian\b/i, 'donchian'],
];

/** The catalogue indicator a text names (by a common name, its id or short name), or null. */
export function findIndicatorIn(text: string): string | null {
  let best: { id: string; at: number } | null = null;
  const consider = (id: string, at: number) => {
    if (!best || at < best.at) best = { id, at };
  };
  for (const [re, id] of INDICATOR_ALIASES) {
    const m = re.exec(text);
    if (m) consider(id, m.index);
  }
  if (best) return (best as { id: string }).id;
  for (const e of INDICATORS) {
    for (const name of [e.definition.id, e.definition.shortName]) {
      if (name.length < 3) continue;
      const m = new RegExp(`(^|[^A-Za-z0-9])${escapeRe(name)}(?![A-Za-z0-9])`, 'i').exec(text);
      if (m) consider(findIndicator(name)?.definition.id ?? e.definition.id, m.index);
    }
  }
  return best ? (best as { id: string }).id : null;
}

/** A length written with the indicator: "RSI(14)", "RSI 14", "50 SMA", "the 200-day moving average". */
export function findIndicatorLength(text: string): number | null {
  const m =
    /\b(?:rsi|sma|ema|ma|atr|cci|mfi|bb|bollinger|moving average)\s*\(?\s*(\d{1,3})\b/i.exec(text) ??
    /\b(\d{1,3})[- ]?(?:period |day |bar )?(?:rsi|sma|ema|ma|atr|moving average)\b/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 2 && n <= 500 ? n : null;
}

const TIMEFRAME_WORDS: [RegExp, Timeframe][] = [
  [/\b(?:1|one)[- ]?min(?:ute)?s?\b/i, '1m'],
  [/\b(?:5|five)[- ]?min(?:ute)?s?\b/i, '5m'],
  [/\b(?:15|fifteen)[- ]?min(?:ute)?s?\b/i, '15m'],
  [/\b(?:30|thirty)[- ]?min(?:ute)?s?\b/i, '30m'],
  [/\bhourly\b|\b(?:1|one)[- ]?hours?\b/i, '1h'],
  [/\b(?:4|four)[- ]?hours?\b/i, '4h'],
  [/\bdaily\b|\bday chart\b|\b1d\b/i, '1D'],
  [/\bweekly\b|\b1w\b/i, '1W'],
  [/\bmonthly\b/i, '1M'],
];

/** A chart timeframe a text names ("1h", "H4", "15 minutes", "daily"), or null. */
export function findTimeframe(text: string): Timeframe | null {
  for (const m of text.matchAll(/\b(\d{1,2})\s?([mhHdDwWM])\b/g)) {
    const unit = m[2]!;
    const id = `${m[1]}${unit === 'H' ? 'h' : unit === 'd' ? 'D' : unit === 'w' ? 'W' : unit}`;
    if (isTimeframe(id)) return id;
  }
  for (const m of text.matchAll(/\b([HhDdWw])(\d{1,2})\b/g)) {
    const unit = m[1]!.toLowerCase();
    const id = `${m[2]}${unit === 'h' ? 'h' : unit === 'd' ? 'D' : 'W'}`;
    if (isTimeframe(id)) return id;
  }
  for (const [re, tf] of TIMEFRAME_WORDS) if (re.test(text)) return tf;
  return null;
}

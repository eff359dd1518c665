import { INSTRUMENTS, type Instrument } from '@tradedesk/core';

/**
 * Links a news text to the catalogue's instruments it mentions: currency pairs (EUR/USD, EURUSD), tickers
 * (upper case, or written $T, (T), NYSE:T), company names without their legal suffix (Apple, Deutsche Bank),
 * coin and commodity names (Bitcoin, Gold, Brent), index names (S&P 500, DAX) and currencies by name (the euro,
 * sterling, the yen) mapped to their US-dollar pair.
 */

type Matcher = { id: string; pattern: RegExp };

const LEGAL =
  /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|& Co\.|Holdings?|Group|plc|PLC|p\.l\.c\.|Plc|AG|SE|S\.A\.|N\.V\.|S\.p\.A\.|Ltd\.?)$/;

/** Index and commodity names traders write, for the catalogue's ids. */
const ALIASES: Record<string, readonly string[]> = {
  US30: ['Dow Jones', 'Dow'],
  US500: ['S&P 500', 'S&P500', 'S&P'],
  US100: ['Nasdaq 100', 'Nasdaq'],
  US2000: ['Russell 2000', 'small caps'],
  DE40: ['DAX'],
  EU50: ['Euro Stoxx 50', 'Euro Stoxx'],
  UK100: ['FTSE 100', 'FTSE'],
  FR40: ['CAC 40'],
  JP225: ['Nikkei 225', 'Nikkei'],
  HK50: ['Hang Seng'],
  AU200: ['ASX 200'],
  XAUUSD: ['gold'],
  XAGUSD: ['silver'],
  XPTUSD: ['platinum'],
  XPDUSD: ['palladium'],
  COPPER: ['copper'],
  USOIL: ['WTI', 'US crude', 'oil'],
  UKOIL: ['Brent'],
  NATGAS: ['natural gas'],
  EURUSD: ['euro', 'single currency'],
  GBPUSD: ['sterling', 'pound', 'cable'],
  USDJPY: ['yen'],
  USDCHF: ['Swiss franc', 'franc'],
  AUDUSD: ['Australian dollar', 'Aussie'],
  USDCAD: ['Canadian dollar', 'loonie'],
  NZDUSD: ['New Zealand dollar', 'kiwi'],
  GOOGL: ['Google'],
  META: ['Facebook'],
};

/** First words too common to stand for a company on their own. */
const COMMON_FIRST = new Set([
  'the',
  'bank',
  'general',
  'international',
  'advanced',
  'deutsche',
  'united',
  'eli',
  'banco',
  'industria',
  'walt',
  'wells',
  'home',
  'johnson',
  'morgan',
  'procter',
  'exxon',
  'rio',
  'zurich',
  'lloyds',
  'intesa',
  'schneider',
  'bayerische',
  'mercedes-benz',
  'münchener',
  'costco',
]);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (s: string, flags: string) => new RegExp(`(?<![\\w$&])${escapeRe(s)}(?![\\w&])`, flags);

function namesOf(i: Instrument): string[] {
  if (i.source !== 'STOCKS' && i.source !== 'CRYPTO') return [];
  let name = i.name.replace(/\s*\(.*\)\s*$/, '').trim();
  if (i.source === 'CRYPTO') return i.quoteCurrency === 'USD' ? [name.split(' / ')[0] ?? name] : [];
  name = name.replace(/^The\s+/, '');
  for (let k = 0; k < 3; k++) name = name.replace(LEGAL, '').trim();
  const names = [name];
  const first = name.split(/\s+/)[0] ?? '';
  if (first !== name && first.length >= 4 && !COMMON_FIRST.has(first.toLowerCase())) names.push(first);
  return names;
}

function buildMatchers(): Matcher[] {
  const out: Matcher[] = [];
  for (const i of INSTRUMENTS) {
    if (i.source === 'FOREX' || (i.source === 'CRYPTO' && i.ticker.length >= 6)) {
      const base = i.baseCurrency;
      const quote = i.ticker.slice(base.length);
      out.push({ id: i.id, pattern: new RegExp(`(?<![A-Z])${escapeRe(base)}[/-]?${escapeRe(quote)}(?![A-Z])`) });
    } else {
      const bare = i.ticker.split('.')[0] ?? i.ticker;
      // short tickers (T, V, GE) only when written as a ticker; longer ones also as an upper-case word
      out.push({ id: i.id, pattern: new RegExp(`(?:\\$|\\(|\\b[A-Z]{2,8}:)${escapeRe(bare)}(?![\\w.])`) });
      if (bare.length >= 3 && i.source === 'STOCKS') out.push({ id: i.id, pattern: word(bare, '') });
      if (i.source !== 'STOCKS' && /^[A-Z]+\d*$/.test(i.ticker) && i.ticker.length >= 5)
        out.push({ id: i.id, pattern: word(i.ticker, '') });
    }
    for (const name of namesOf(i)) out.push({ id: i.id, pattern: word(name, name.length >= 5 ? 'i' : '') });
  }
  for (const [id, names] of Object.entries(ALIASES)) {
    if (!INSTRUMENTS.some((i) => i.id === id)) continue;
    for (const name of names) out.push({ id, pattern: word(name, /^[a-z]/.test(name) ? 'i' : '') });
  }
  return out;
}

let matchers: Matcher[] | undefined;

/** Instrument ids mentioned in `text`, in catalogue order, each once. */
export function linkInstruments(text: string): string[] {
  matchers ??= buildMatchers();
  const found = new Set<string>();
  for (const m of matchers) if (!found.has(m.id) && m.pattern.test(text)) found.add(m.id);
  const order = new Map(INSTRUMENTS.map((i, n) => [i.id, n]));
  return [...found].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

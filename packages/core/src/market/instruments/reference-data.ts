import type { CommissionClassId } from './types.js';

/**
 * Currencies, metals and coins whose prices are ratios of one another. `usd` is the price level of one unit in
 * US dollars the simulator moves around; `rate` the policy (or lease) rate in percent per year that swaps derive from.
 */
export interface ValueAsset {
  code: string;
  name: string;
  country: string | null;
  usd: number;
  rate: number;
}

export const CURRENCIES: readonly ValueAsset[] = [
  { code: 'USD', name: 'US Dollar', country: 'US', usd: 1, rate: 4.375 },
  { code: 'EUR', name: 'Euro', country: 'EU', usd: 1.08, rate: 2 },
  { code: 'GBP', name: 'Pound Sterling', country: 'GB', usd: 1.27, rate: 4.25 },
  { code: 'JPY', name: 'Japanese Yen', country: 'JP', usd: 1 / 150, rate: 0.5 },
  { code: 'CHF', name: 'Swiss Franc', country: 'CH', usd: 1 / 0.88, rate: 0 },
  { code: 'AUD', name: 'Australian Dollar', country: 'AU', usd: 0.66, rate: 3.85 },
  { code: 'NZD', name: 'New Zealand Dollar', country: 'NZ', usd: 0.6, rate: 3.25 },
  { code: 'CAD', name: 'Canadian Dollar', country: 'CA', usd: 1 / 1.36, rate: 2.75 },
  { code: 'SEK', name: 'Swedish Krona', country: 'SE', usd: 1 / 10.5, rate: 2 },
  { code: 'NOK', name: 'Norwegian Krone', country: 'NO', usd: 1 / 10.7, rate: 4.25 },
  { code: 'DKK', name: 'Danish Krone', country: 'DK', usd: 1 / 6.9, rate: 1.75 },
  { code: 'PLN', name: 'Polish Zloty', country: 'PL', usd: 1 / 4, rate: 5 },
  { code: 'HUF', name: 'Hungarian Forint', country: 'HU', usd: 1 / 360, rate: 6.5 },
  { code: 'CZK', name: 'Czech Koruna', country: 'CZ', usd: 1 / 23, rate: 3.5 },
  { code: 'TRY', name: 'Turkish Lira', country: 'TR', usd: 1 / 32, rate: 46 },
  { code: 'ZAR', name: 'South African Rand', country: 'ZA', usd: 1 / 18.5, rate: 7.25 },
  { code: 'MXN', name: 'Mexican Peso', country: 'MX', usd: 1 / 17.5, rate: 8 },
  { code: 'SGD', name: 'Singapore Dollar', country: 'SG', usd: 1 / 1.35, rate: 2.5 },
  { code: 'HKD', name: 'Hong Kong Dollar', country: 'HK', usd: 1 / 7.8, rate: 4 },
  { code: 'CNH', name: 'Chinese Yuan (offshore)', country: 'CN', usd: 1 / 7.25, rate: 3 },
];

export const METALS: readonly ValueAsset[] = [
  { code: 'XAU', name: 'Gold', country: null, usd: 2600, rate: 0.5 },
  { code: 'XAG', name: 'Silver', country: null, usd: 30, rate: 0.3 },
  { code: 'XPT', name: 'Platinum', country: null, usd: 950, rate: 0.5 },
  { code: 'XPD', name: 'Palladium', country: null, usd: 1000, rate: 0.5 },
];

export const COINS: readonly ValueAsset[] = [
  { code: 'BTC', name: 'Bitcoin', country: null, usd: 90_000, rate: 0 },
  { code: 'ETH', name: 'Ethereum', country: null, usd: 3000, rate: 0 },
  { code: 'SOL', name: 'Solana', country: null, usd: 150, rate: 0 },
  { code: 'XRP', name: 'XRP', country: null, usd: 2.2, rate: 0 },
  { code: 'ADA', name: 'Cardano', country: null, usd: 0.7, rate: 0 },
  { code: 'DOGE', name: 'Dogecoin', country: null, usd: 0.2, rate: 0 },
  { code: 'DOT', name: 'Polkadot', country: null, usd: 5, rate: 0 },
  { code: 'LTC', name: 'Litecoin', country: null, usd: 90, rate: 0 },
  { code: 'BCH', name: 'Bitcoin Cash', country: null, usd: 400, rate: 0 },
  { code: 'LINK', name: 'Chainlink', country: null, usd: 15, rate: 0 },
  { code: 'AVAX', name: 'Avalanche', country: null, usd: 25, rate: 0 },
  { code: 'BNB', name: 'BNB', country: null, usd: 600, rate: 0 },
  { code: 'TRX', name: 'TRON', country: null, usd: 0.25, rate: 0 },
  { code: 'XLM', name: 'Stellar', country: null, usd: 0.3, rate: 0 },
  { code: 'UNI', name: 'Uniswap', country: null, usd: 8, rate: 0 },
  { code: 'ATOM', name: 'Cosmos', country: null, usd: 5, rate: 0 },
  { code: 'NEAR', name: 'NEAR Protocol', country: null, usd: 3, rate: 0 },
  { code: 'AAVE', name: 'Aave', country: null, usd: 200, rate: 0 },
  { code: 'ETC', name: 'Ethereum Classic', country: null, usd: 20, rate: 0 },
  { code: 'FIL', name: 'Filecoin', country: null, usd: 3, rate: 0 },
];

/** Pence sterling: quotes of London shares. One GBX is exactly 0.01 GBP. */
export const GBX_PER_GBP = 100;

const byCode = new Map([...CURRENCIES, ...METALS, ...COINS].map((a) => [a.code, a]));

/** The currency, metal or coin with this code; throws a RangeError for an unknown code. */
export function valueAsset(code: string): ValueAsset {
  const a = byCode.get(code);
  if (!a) throw new RangeError(`Unknown currency "${code}".`);
  return a;
}

/** Whether the code names a currency, metal or coin the market can price (GBX included). */
export function isValueAssetCode(code: string): boolean {
  return byCode.has(code) || code === 'GBX';
}

export interface Country {
  code: string;
  name: string;
  /** Currency of the country (EUR for euro-area members). */
  currency: string;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'AU', name: 'Australia', currency: 'AUD' },
  { code: 'CA', name: 'Canada', currency: 'CAD' },
  { code: 'CH', name: 'Switzerland', currency: 'CHF' },
  { code: 'CN', name: 'China', currency: 'CNH' },
  { code: 'CZ', name: 'Czechia', currency: 'CZK' },
  { code: 'DE', name: 'Germany', currency: 'EUR' },
  { code: 'DK', name: 'Denmark', currency: 'DKK' },
  { code: 'ES', name: 'Spain', currency: 'EUR' },
  { code: 'EU', name: 'Euro area', currency: 'EUR' },
  { code: 'FR', name: 'France', currency: 'EUR' },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP' },
  { code: 'HK', name: 'Hong Kong', currency: 'HKD' },
  { code: 'HU', name: 'Hungary', currency: 'HUF' },
  { code: 'IT', name: 'Italy', currency: 'EUR' },
  { code: 'JP', name: 'Japan', currency: 'JPY' },
  { code: 'MX', name: 'Mexico', currency: 'MXN' },
  { code: 'NL', name: 'Netherlands', currency: 'EUR' },
  { code: 'NO', name: 'Norway', currency: 'NOK' },
  { code: 'NZ', name: 'New Zealand', currency: 'NZD' },
  { code: 'PL', name: 'Poland', currency: 'PLN' },
  { code: 'SE', name: 'Sweden', currency: 'SEK' },
  { code: 'SG', name: 'Singapore', currency: 'SGD' },
  { code: 'TR', name: 'Türkiye', currency: 'TRY' },
  { code: 'US', name: 'United States', currency: 'USD' },
  { code: 'ZA', name: 'South Africa', currency: 'ZAR' },
];

export interface Exchange {
  id: string;
  name: string;
  /** Home country, or null for over-the-counter and multi-country venues. */
  country: string | null;
  timeZone: string;
}

export const EXCHANGES: readonly Exchange[] = [
  { id: 'OTC', name: 'Over the counter (spot FX and metals)', country: null, timeZone: 'America/New_York' },
  { id: 'CME', name: 'CME Group', country: 'US', timeZone: 'America/Chicago' },
  { id: 'COMEX', name: 'COMEX', country: 'US', timeZone: 'America/New_York' },
  { id: 'NYMEX', name: 'New York Mercantile Exchange', country: 'US', timeZone: 'America/New_York' },
  { id: 'ICE-EU', name: 'ICE Futures Europe', country: 'GB', timeZone: 'Europe/London' },
  { id: 'EUREX', name: 'Eurex', country: 'DE', timeZone: 'Europe/Berlin' },
  { id: 'EURONEXT', name: 'Euronext', country: null, timeZone: 'Europe/Paris' },
  { id: 'MEFF', name: 'MEFF (BME derivatives)', country: 'ES', timeZone: 'Europe/Madrid' },
  { id: 'IDEM', name: 'IDEM (Borsa Italiana derivatives)', country: 'IT', timeZone: 'Europe/Rome' },
  { id: 'JPX', name: 'Japan Exchange Group', country: 'JP', timeZone: 'Asia/Tokyo' },
  { id: 'HKEX', name: 'Hong Kong Exchanges and Clearing', country: 'HK', timeZone: 'Asia/Hong_Kong' },
  { id: 'ASX', name: 'Australian Securities Exchange', country: 'AU', timeZone: 'Australia/Sydney' },
  { id: 'NYSE', name: 'New York Stock Exchange', country: 'US', timeZone: 'America/New_York' },
  { id: 'NASDAQ', name: 'Nasdaq', country: 'US', timeZone: 'America/New_York' },
  { id: 'XETRA', name: 'Xetra (Deutsche Börse)', country: 'DE', timeZone: 'Europe/Berlin' },
  { id: 'LSE', name: 'London Stock Exchange', country: 'GB', timeZone: 'Europe/London' },
  { id: 'SIX', name: 'SIX Swiss Exchange', country: 'CH', timeZone: 'Europe/Zurich' },
  { id: 'BME', name: 'Bolsa de Madrid', country: 'ES', timeZone: 'Europe/Madrid' },
  { id: 'BIT', name: 'Borsa Italiana (Euronext Milan)', country: 'IT', timeZone: 'Europe/Rome' },
  { id: 'CRYPTO', name: 'Crypto spot (aggregated)', country: null, timeZone: 'UTC' },
];

/** How a commission is charged, per side (opening and closing each pay once). */
export interface CommissionClass {
  id: CommissionClassId;
  description: string;
  kind: 'none' | 'per_lot' | 'per_unit' | 'percent';
  /** Per lot or per unit amount, or percent of the notional. */
  rate: number;
  /** Smallest charge per side, in the commission currency. */
  minimum: number;
  /** Currency of the charge; null means the instrument's quote currency. */
  currency: string | null;
}

export const COMMISSION_CLASSES: readonly CommissionClass[] = [
  {
    id: 'none',
    description: 'No commission: the spread is the only cost',
    kind: 'none',
    rate: 0,
    minimum: 0,
    currency: null,
  },
  { id: 'forex', description: 'USD 3.00 per lot per side', kind: 'per_lot', rate: 3, minimum: 0, currency: 'USD' },
  { id: 'metals', description: 'USD 3.00 per lot per side', kind: 'per_lot', rate: 3, minimum: 0, currency: 'USD' },
  {
    id: 'us_stocks',
    description: 'USD 0.02 per share per side, at least USD 1',
    kind: 'per_unit',
    rate: 0.02,
    minimum: 1,
    currency: 'USD',
  },
  {
    id: 'eu_stocks',
    description: '0.10% of the notional per side, at least 5 in the quote currency',
    kind: 'percent',
    rate: 0.1,
    minimum: 5,
    currency: null,
  },
  {
    id: 'uk_stocks',
    description: '0.10% of the notional per side, at least GBP 5 (500 GBX)',
    kind: 'percent',
    rate: 0.1,
    minimum: 500,
    currency: null,
  },
  {
    id: 'crypto',
    description: '0.05% of the notional per side',
    kind: 'percent',
    rate: 0.05,
    minimum: 0,
    currency: null,
  },
];

import { cfdSwapPercent, derived, spreadPoints } from './build.js';
import { valueAsset } from './reference-data.js';
import type { SessionTemplateId } from './sessions.js';
import type { CommissionClassId, InstrumentDefinition } from './types.js';

const IT = 'Information Technology';
const COMM = 'Communication Services';
const DISC = 'Consumer Discretionary';
const STAPLES = 'Consumer Staples';
const FIN = 'Financials';
const HEALTH = 'Health Care';
const ENERGY = 'Energy';
const INDUSTRIALS = 'Industrials';
const MATERIALS = 'Materials';
const UTILITIES = 'Utilities';

/** [ticker, company, exchange, GICS sector, GICS industry, reference price, beta to its index, own annual volatility] */
type Row = readonly [string, string, string, string, string, number, number, number];

const US: readonly Row[] = [
  ['AAPL', 'Apple Inc.', 'NASDAQ', IT, 'Technology Hardware, Storage & Peripherals', 210, 1.1, 0.2],
  ['MSFT', 'Microsoft Corporation', 'NASDAQ', IT, 'Software', 430, 1, 0.18],
  ['NVDA', 'NVIDIA Corporation', 'NASDAQ', IT, 'Semiconductors & Semiconductor Equipment', 130, 1.6, 0.38],
  ['AMD', 'Advanced Micro Devices, Inc.', 'NASDAQ', IT, 'Semiconductors & Semiconductor Equipment', 130, 1.6, 0.38],
  ['INTC', 'Intel Corporation', 'NASDAQ', IT, 'Semiconductors & Semiconductor Equipment', 22, 1.1, 0.33],
  ['AVGO', 'Broadcom Inc.', 'NASDAQ', IT, 'Semiconductors & Semiconductor Equipment', 200, 1.3, 0.3],
  ['CSCO', 'Cisco Systems, Inc.', 'NASDAQ', IT, 'Communications Equipment', 60, 0.9, 0.16],
  ['ORCL', 'Oracle Corporation', 'NYSE', IT, 'Software', 170, 1.1, 0.26],
  ['IBM', 'International Business Machines Corporation', 'NYSE', IT, 'IT Services', 250, 0.8, 0.18],
  ['ADBE', 'Adobe Inc.', 'NASDAQ', IT, 'Software', 400, 1.2, 0.26],
  ['CRM', 'Salesforce, Inc.', 'NYSE', IT, 'Software', 280, 1.2, 0.26],
  ['GOOGL', 'Alphabet Inc. (Class A)', 'NASDAQ', COMM, 'Interactive Media & Services', 170, 1.1, 0.23],
  ['META', 'Meta Platforms, Inc.', 'NASDAQ', COMM, 'Interactive Media & Services', 600, 1.3, 0.3],
  ['NFLX', 'Netflix, Inc.', 'NASDAQ', COMM, 'Entertainment', 900, 1.2, 0.3],
  ['DIS', 'The Walt Disney Company', 'NYSE', COMM, 'Entertainment', 110, 1, 0.2],
  ['T', 'AT&T Inc.', 'NYSE', COMM, 'Diversified Telecommunication Services', 27, 0.6, 0.16],
  ['VZ', 'Verizon Communications Inc.', 'NYSE', COMM, 'Diversified Telecommunication Services', 42, 0.5, 0.15],
  ['AMZN', 'Amazon.com, Inc.', 'NASDAQ', DISC, 'Broadline Retail', 190, 1.2, 0.26],
  ['TSLA', 'Tesla, Inc.', 'NASDAQ', DISC, 'Automobiles', 280, 1.8, 0.52],
  ['HD', 'The Home Depot, Inc.', 'NYSE', DISC, 'Specialty Retail', 380, 1, 0.18],
  ['MCD', "McDonald's Corporation", 'NYSE', DISC, 'Hotels, Restaurants & Leisure', 300, 0.7, 0.14],
  ['NKE', 'NIKE, Inc.', 'NYSE', DISC, 'Textiles, Apparel & Luxury Goods', 70, 1, 0.26],
  ['SBUX', 'Starbucks Corporation', 'NASDAQ', DISC, 'Hotels, Restaurants & Leisure', 95, 0.9, 0.23],
  ['KO', 'The Coca-Cola Company', 'NYSE', STAPLES, 'Beverages', 70, 0.6, 0.12],
  ['PEP', 'PepsiCo, Inc.', 'NASDAQ', STAPLES, 'Beverages', 150, 0.6, 0.13],
  ['PG', 'The Procter & Gamble Company', 'NYSE', STAPLES, 'Household Products', 165, 0.5, 0.13],
  ['WMT', 'Walmart Inc.', 'NYSE', STAPLES, 'Consumer Staples Distribution & Retail', 90, 0.6, 0.16],
  ['COST', 'Costco Wholesale Corporation', 'NASDAQ', STAPLES, 'Consumer Staples Distribution & Retail', 950, 0.8, 0.18],
  ['JPM', 'JPMorgan Chase & Co.', 'NYSE', FIN, 'Banks', 240, 1.1, 0.18],
  ['BAC', 'Bank of America Corporation', 'NYSE', FIN, 'Banks', 42, 1.2, 0.22],
  ['WFC', 'Wells Fargo & Company', 'NYSE', FIN, 'Banks', 70, 1.1, 0.22],
  ['GS', 'The Goldman Sachs Group, Inc.', 'NYSE', FIN, 'Capital Markets', 560, 1.3, 0.22],
  ['MS', 'Morgan Stanley', 'NYSE', FIN, 'Capital Markets', 125, 1.3, 0.22],
  ['V', 'Visa Inc.', 'NYSE', FIN, 'Financial Services', 330, 0.9, 0.16],
  ['MA', 'Mastercard Incorporated', 'NYSE', FIN, 'Financial Services', 540, 1, 0.17],
  ['PYPL', 'PayPal Holdings, Inc.', 'NASDAQ', FIN, 'Financial Services', 70, 1.3, 0.33],
  ['JNJ', 'Johnson & Johnson', 'NYSE', HEALTH, 'Pharmaceuticals', 155, 0.5, 0.13],
  ['PFE', 'Pfizer Inc.', 'NYSE', HEALTH, 'Pharmaceuticals', 25, 0.6, 0.2],
  ['MRK', 'Merck & Co., Inc.', 'NYSE', HEALTH, 'Pharmaceuticals', 90, 0.5, 0.18],
  ['LLY', 'Eli Lilly and Company', 'NYSE', HEALTH, 'Pharmaceuticals', 800, 0.8, 0.28],
  ['ABBV', 'AbbVie Inc.', 'NYSE', HEALTH, 'Biotechnology', 190, 0.6, 0.2],
  ['UNH', 'UnitedHealth Group Incorporated', 'NYSE', HEALTH, 'Health Care Providers & Services', 450, 0.7, 0.26],
  ['XOM', 'Exxon Mobil Corporation', 'NYSE', ENERGY, 'Oil, Gas & Consumable Fuels', 110, 0.9, 0.18],
  ['CVX', 'Chevron Corporation', 'NYSE', ENERGY, 'Oil, Gas & Consumable Fuels', 150, 0.9, 0.18],
  ['BA', 'The Boeing Company', 'NYSE', INDUSTRIALS, 'Aerospace & Defense', 180, 1.3, 0.33],
  ['CAT', 'Caterpillar Inc.', 'NYSE', INDUSTRIALS, 'Machinery', 350, 1.1, 0.24],
  ['GE', 'GE Aerospace', 'NYSE', INDUSTRIALS, 'Aerospace & Defense', 230, 1.2, 0.26],
  ['UBER', 'Uber Technologies, Inc.', 'NYSE', INDUSTRIALS, 'Ground Transportation', 75, 1.4, 0.36],
];

const EUROPE: readonly Row[] = [
  ['SAP.DE', 'SAP SE', 'XETRA', IT, 'Software', 250, 1.1, 0.2],
  ['SIE.DE', 'Siemens AG', 'XETRA', INDUSTRIALS, 'Industrial Conglomerates', 210, 1.1, 0.18],
  ['ALV.DE', 'Allianz SE', 'XETRA', FIN, 'Insurance', 330, 0.9, 0.15],
  ['BAS.DE', 'BASF SE', 'XETRA', MATERIALS, 'Chemicals', 45, 1, 0.2],
  ['BAYN.DE', 'Bayer AG', 'XETRA', HEALTH, 'Pharmaceuticals', 25, 0.9, 0.3],
  ['BMW.DE', 'Bayerische Motoren Werke AG', 'XETRA', DISC, 'Automobiles', 80, 1.1, 0.22],
  ['MBG.DE', 'Mercedes-Benz Group AG', 'XETRA', DISC, 'Automobiles', 55, 1.1, 0.22],
  ['VOW3.DE', 'Volkswagen AG (preference shares)', 'XETRA', DISC, 'Automobiles', 95, 1.2, 0.24],
  ['DTE.DE', 'Deutsche Telekom AG', 'XETRA', COMM, 'Diversified Telecommunication Services', 32, 0.6, 0.14],
  ['DBK.DE', 'Deutsche Bank AG', 'XETRA', FIN, 'Capital Markets', 22, 1.4, 0.3],
  ['ADS.DE', 'adidas AG', 'XETRA', DISC, 'Textiles, Apparel & Luxury Goods', 220, 1.1, 0.26],
  ['IFX.DE', 'Infineon Technologies AG', 'XETRA', IT, 'Semiconductors & Semiconductor Equipment', 33, 1.4, 0.3],
  ['MUV2.DE', 'Münchener Rück AG', 'XETRA', FIN, 'Insurance', 500, 0.8, 0.15],
  [
    'MC.PA',
    'LVMH Moët Hennessy Louis Vuitton SE',
    'EURONEXT',
    DISC,
    'Textiles, Apparel & Luxury Goods',
    600,
    1.2,
    0.22,
  ],
  ['OR.PA', "L'Oréal S.A.", 'EURONEXT', STAPLES, 'Personal Care Products', 360, 0.8, 0.18],
  ['TTE.PA', 'TotalEnergies SE', 'EURONEXT', ENERGY, 'Oil, Gas & Consumable Fuels', 55, 0.9, 0.17],
  ['SAN.PA', 'Sanofi S.A.', 'EURONEXT', HEALTH, 'Pharmaceuticals', 95, 0.6, 0.16],
  ['AIR.PA', 'Airbus SE', 'EURONEXT', INDUSTRIALS, 'Aerospace & Defense', 160, 1.1, 0.22],
  ['BNP.PA', 'BNP Paribas S.A.', 'EURONEXT', FIN, 'Banks', 70, 1.3, 0.22],
  ['SU.PA', 'Schneider Electric SE', 'EURONEXT', INDUSTRIALS, 'Electrical Equipment', 230, 1.2, 0.2],
  ['ASML.AS', 'ASML Holding N.V.', 'EURONEXT', IT, 'Semiconductors & Semiconductor Equipment', 700, 1.4, 0.3],
  ['INGA.AS', 'ING Groep N.V.', 'EURONEXT', FIN, 'Banks', 17, 1.3, 0.22],
  ['HEIA.AS', 'Heineken N.V.', 'EURONEXT', STAPLES, 'Beverages', 80, 0.7, 0.16],
  ['ENI.MI', 'Eni S.p.A.', 'BIT', ENERGY, 'Oil, Gas & Consumable Fuels', 13.5, 0.9, 0.17],
  ['ISP.MI', 'Intesa Sanpaolo S.p.A.', 'BIT', FIN, 'Banks', 4.5, 1.2, 0.22],
  ['UCG.MI', 'UniCredit S.p.A.', 'BIT', FIN, 'Banks', 45, 1.4, 0.26],
  ['RACE.MI', 'Ferrari N.V.', 'BIT', DISC, 'Automobiles', 420, 0.9, 0.2],
  ['SAN.MC', 'Banco Santander, S.A.', 'BME', FIN, 'Banks', 6, 1.3, 0.23],
  ['ITX.MC', 'Industria de Diseño Textil, S.A. (Inditex)', 'BME', DISC, 'Specialty Retail', 50, 0.9, 0.18],
  ['IBE.MC', 'Iberdrola, S.A.', 'BME', UTILITIES, 'Electric Utilities', 14, 0.6, 0.14],
  ['HSBA.L', 'HSBC Holdings plc', 'LSE', FIN, 'Banks', 800, 1, 0.18],
  ['BP.L', 'BP p.l.c.', 'LSE', ENERGY, 'Oil, Gas & Consumable Fuels', 400, 1, 0.2],
  ['SHEL.L', 'Shell plc', 'LSE', ENERGY, 'Oil, Gas & Consumable Fuels', 2600, 0.9, 0.17],
  ['AZN.L', 'AstraZeneca PLC', 'LSE', HEALTH, 'Pharmaceuticals', 11_000, 0.7, 0.17],
  ['ULVR.L', 'Unilever PLC', 'LSE', STAPLES, 'Personal Care Products', 4700, 0.6, 0.14],
  ['VOD.L', 'Vodafone Group Plc', 'LSE', COMM, 'Wireless Telecommunication Services', 70, 0.8, 0.2],
  ['GSK.L', 'GSK plc', 'LSE', HEALTH, 'Pharmaceuticals', 1450, 0.6, 0.17],
  ['RIO.L', 'Rio Tinto Group', 'LSE', MATERIALS, 'Metals & Mining', 4800, 1.2, 0.22],
  ['BARC.L', 'Barclays PLC', 'LSE', FIN, 'Banks', 260, 1.3, 0.25],
  ['LLOY.L', 'Lloyds Banking Group plc', 'LSE', FIN, 'Banks', 55, 1.2, 0.22],
  ['NESN.SW', 'Nestlé S.A.', 'SIX', STAPLES, 'Food Products', 85, 0.6, 0.13],
  ['NOVN.SW', 'Novartis AG', 'SIX', HEALTH, 'Pharmaceuticals', 90, 0.6, 0.14],
  ['ROG.SW', 'Roche Holding AG', 'SIX', HEALTH, 'Pharmaceuticals', 260, 0.6, 0.16],
  ['UBSG.SW', 'UBS Group AG', 'SIX', FIN, 'Capital Markets', 28, 1.2, 0.24],
  ['ZURN.SW', 'Zurich Insurance Group AG', 'SIX', FIN, 'Insurance', 520, 0.7, 0.14],
];

interface Listing {
  country: string;
  currency: string;
  session: SessionTemplateId;
  /** Home index: stocks move with it through their beta. */
  index: string;
  commission: CommissionClassId;
  spreadBp: number;
}

const SUFFIX_LISTING: Record<string, Listing> = {
  '.DE': { country: 'DE', currency: 'EUR', session: 'xetra', index: 'DE40', commission: 'eu_stocks', spreadBp: 6 },
  '.PA': {
    country: 'FR',
    currency: 'EUR',
    session: 'euronext-paris',
    index: 'FR40',
    commission: 'eu_stocks',
    spreadBp: 6,
  },
  '.AS': {
    country: 'NL',
    currency: 'EUR',
    session: 'euronext-amsterdam',
    index: 'NL25',
    commission: 'eu_stocks',
    spreadBp: 6,
  },
  '.MI': {
    country: 'IT',
    currency: 'EUR',
    session: 'borsa-italiana',
    index: 'IT40',
    commission: 'eu_stocks',
    spreadBp: 8,
  },
  '.MC': { country: 'ES', currency: 'EUR', session: 'bme', index: 'ES35', commission: 'eu_stocks', spreadBp: 8 },
  '.L': { country: 'GB', currency: 'GBX', session: 'lse', index: 'UK100', commission: 'uk_stocks', spreadBp: 8 },
  '.SW': { country: 'CH', currency: 'CHF', session: 'six', index: 'CH20', commission: 'eu_stocks', spreadBp: 7 },
};

function listingOf(ticker: string, exchange: string): Listing {
  const dot = ticker.indexOf('.');
  if (dot < 0) {
    return {
      country: 'US',
      currency: 'USD',
      session: 'us-equities',
      index: exchange === 'NASDAQ' ? 'US100' : 'US500',
      commission: 'us_stocks',
      spreadBp: 4,
    };
  }
  const l = SUFFIX_LISTING[ticker.slice(dot)];
  if (!l) throw new RangeError(`No listing rules for ${ticker}.`);
  return l;
}

/** Simulator factor of a GICS sector: shares of one sector move together across regions. */
export function sectorFactor(sector: string): string {
  return `SECTOR:${sector}`;
}

function stock([ticker, company, exchange, sector, industry, price, beta, vol]: Row): InstrumentDefinition {
  const l = listingOf(ticker, exchange);
  const financingRate = l.currency === 'GBX' ? valueAsset('GBP').rate : valueAsset(l.currency).rate;
  const exposures: (readonly [string, number])[] = [
    [`index:${l.index}`, beta],
    [sectorFactor(sector), 1],
  ];
  if (sector === ENERGY) exposures.push(['OIL', 0.3]);
  return {
    instrument: {
      id: ticker,
      ticker,
      name: company,
      description: `${company} shares (CFD), ${exchange}`,
      source: 'STOCKS',
      category: l.country === 'US' ? 'us' : 'europe',
      exchange,
      country: l.country,
      ...derived(2, 1, 5, l.session),
      contractSize: 1,
      contractUnit: 'shares',
      volumeMin: 1,
      volumeStep: 1,
      volumeMax: 10_000,
      baseCurrency: ticker,
      quoteCurrency: l.currency,
      profitCurrency: l.currency,
      marginCurrency: l.currency,
      typicalSpread: spreadPoints(price, l.spreadBp, 2),
      swapType: 'annual_percent',
      ...cfdSwapPercent(financingRate),
      commissionClass: l.commission,
      sector,
      industry,
      referencePrice: price,
    },
    model: { kind: 'single', vol: vol, exposures, profile: l.session },
  };
}

export const STOCKS: readonly InstrumentDefinition[] = [...US, ...EUROPE].map(stock);

/**
 * Scale of every stock of the catalogue for its simulated earnings: approximate annual revenue, shares
 * outstanding and annual (adjusted) EPS, in the currency of its quote (pounds, not pence, for London). Rounded
 * public orders of magnitude of recent fiscal years, written for this table; the simulated reports move around
 * them (a slow random deviation, a seasonal pattern and a surprise), they are not any company's real figures.
 */
export interface Fundamentals {
  /** Annual revenue, billions. */
  revenueB: number;
  /** Shares outstanding, billions; market cap = reference price × shares. */
  sharesB: number;
  /** Annual earnings per share. */
  eps: number;
}

/** [annual revenue B, shares B, annual EPS] by instrument id. */
const TABLE: Record<string, readonly [number, number, number]> = {
  // United States (USD)
  AAPL: [390, 15.2, 6.6],
  MSFT: [250, 7.43, 12],
  NVDA: [130, 24.5, 2.9],
  AMD: [26, 1.62, 3.3],
  INTC: [53, 4.35, 0.4],
  AVGO: [52, 4.7, 5],
  CSCO: [54, 4, 3.6],
  ORCL: [53, 2.8, 5.5],
  IBM: [62, 0.93, 10],
  ADBE: [21.5, 0.44, 18],
  CRM: [38, 0.96, 10],
  GOOGL: [350, 12.3, 8],
  META: [165, 2.53, 23],
  NFLX: [39, 0.43, 20],
  DIS: [91, 1.81, 5],
  T: [122, 7.2, 2.2],
  VZ: [135, 4.2, 4.6],
  AMZN: [640, 10.5, 5.5],
  TSLA: [97, 3.2, 2.4],
  HD: [155, 0.99, 15],
  MCD: [26, 0.715, 11.8],
  NKE: [50, 1.5, 3],
  SBUX: [36, 1.13, 3],
  KO: [47, 4.3, 2.9],
  PEP: [92, 1.37, 8.2],
  PG: [84, 2.35, 6.6],
  WMT: [680, 8, 2.5],
  COST: [255, 0.443, 17],
  JPM: [170, 2.8, 19],
  BAC: [100, 7.7, 3.6],
  WFC: [82, 3.3, 5.4],
  GS: [53, 0.31, 40],
  MS: [62, 1.6, 7.9],
  V: [36, 1.95, 11],
  MA: [28, 0.92, 14.5],
  PYPL: [32, 1, 4.6],
  JNJ: [89, 2.4, 10],
  PFE: [63, 5.67, 3],
  MRK: [64, 2.52, 8],
  LLY: [45, 0.9, 13],
  ABBV: [56, 1.77, 10],
  UNH: [400, 0.92, 27],
  XOM: [340, 4.35, 8],
  CVX: [195, 1.75, 10],
  BA: [66, 0.76, 2],
  CAT: [65, 0.48, 21],
  GE: [38, 1.07, 5.5],
  UBER: [44, 2.1, 2],
  // Germany, France, Netherlands, Italy, Spain (EUR)
  'SAP.DE': [34, 1.17, 5.5],
  'SIE.DE': [76, 0.79, 10.5],
  'ALV.DE': [160, 0.39, 25],
  'BAS.DE': [65, 0.89, 3],
  'BAYN.DE': [46, 0.98, 5],
  'BMW.DE': [142, 0.62, 11],
  'MBG.DE': [145, 0.96, 10],
  'VOW3.DE': [322, 0.5, 25],
  'DTE.DE': [115, 4.98, 1.8],
  'DBK.DE': [30, 1.95, 2.5],
  'ADS.DE': [24, 0.178, 7],
  'IFX.DE': [15, 1.3, 1.8],
  'MUV2.DE': [60, 0.13, 40],
  'MC.PA': [85, 0.5, 25],
  'OR.PA': [43, 0.535, 12.5],
  'TTE.PA': [190, 2.3, 7.5],
  'SAN.PA': [43, 1.25, 7.5],
  'AIR.PA': [69, 0.79, 5.5],
  'BNP.PA': [48, 1.13, 10],
  'SU.PA': [38, 0.57, 8.5],
  'ASML.AS': [28, 0.39, 20],
  'INGA.AS': [23, 3.2, 2],
  'HEIA.AS': [36, 0.56, 5],
  'ENI.MI': [90, 3.2, 1.6],
  'ISP.MI': [27, 17.8, 0.47],
  'UCG.MI': [25, 1.6, 5.5],
  'RACE.MI': [6.7, 0.18, 8.5],
  'SAN.MC': [62, 15, 0.8],
  'ITX.MC': [38, 3.12, 1.9],
  'IBE.MC': [45, 6.4, 0.85],
  // United Kingdom (GBP; group figures reported in USD or EUR converted)
  'HSBA.L': [52, 18, 0.9],
  'BP.L': [150, 16, 0.45],
  'SHEL.L': [230, 6.3, 3],
  'AZN.L': [43, 1.55, 6.5],
  'ULVR.L': [51, 2.5, 2.5],
  'VOD.L': [31, 26, 0.07],
  'GSK.L': [31, 4.05, 1.6],
  'RIO.L': [43, 1.62, 5.5],
  'BARC.L': [26, 14.5, 0.35],
  'LLOY.L': [18, 61, 0.07],
  // Switzerland (CHF)
  'NESN.SW': [91, 2.6, 4.8],
  'NOVN.SW': [45, 2, 7],
  'ROG.SW': [60, 0.8, 19],
  'UBSG.SW': [40, 3.2, 1.5],
  'ZURN.SW': [60, 0.145, 30],
};

/** The scale of a stock, or undefined when the table has no row for it. */
export function fundamentalsOf(instrumentId: string): Fundamentals | undefined {
  const row = TABLE[instrumentId];
  return row && { revenueB: row[0], sharesB: row[1], eps: row[2] };
}

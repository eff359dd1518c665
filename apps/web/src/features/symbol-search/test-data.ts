/** Catalogue answers for the symbol search and watchlist tests (only the fields the screens read matter). */
export function instrument(ticker: string, source: string, name: string, digits = 5) {
  return {
    id: ticker,
    symbol: `${source}:${ticker}`,
    ticker,
    name,
    description: name,
    source,
    category: 'majors',
    exchange: source === 'STOCKS' ? 'NASDAQ' : 'OTC',
    country: source === 'STOCKS' ? 'US' : null,
    digits,
    priceLabel: 'Simulated market',
  };
}

export const eurusd = instrument('EURUSD', 'FOREX', 'Euro vs US Dollar');
export const gbpusd = instrument('GBPUSD', 'FOREX', 'British Pound vs US Dollar');
export const aapl = instrument('AAPL', 'STOCKS', 'Apple Inc.', 2);

export function searchAnswer(symbols: unknown[]) {
  return {
    symbols,
    total: symbols.length,
    page: 1,
    limit: 50,
    pages: 1,
    trending: [
      {
        id: 'AAPL',
        symbol: 'STOCKS:AAPL',
        ticker: 'AAPL',
        name: 'Apple Inc.',
        source: 'STOCKS',
        price: 190.12,
        previousClose: 185,
        change: 5.12,
        changePercent: 2.77,
      },
    ],
    markets: [
      {
        id: 'FOREX:majors',
        source: 'FOREX',
        category: 'majors',
        label: 'Forex majors',
        instrumentIds: ['EURUSD', 'GBPUSD'],
      },
    ],
    priceLabel: 'Simulated market',
  };
}

export const catalogueRoutes = {
  'GET /market/sources': {
    body: {
      sources: [
        { id: 'FOREX', label: 'Forex', instrumentCount: 2 },
        { id: 'STOCKS', label: 'Stocks', instrumentCount: 1 },
      ],
    },
  },
  'GET /market/countries': {
    body: { countries: [{ code: 'US', name: 'United States', currency: 'USD', instrumentCount: 1 }] },
  },
  'GET /market/exchanges': {
    body: {
      exchanges: [{ id: 'NASDAQ', name: 'Nasdaq', country: 'US', timeZone: 'America/New_York', instrumentCount: 1 }],
    },
  },
};

import type { AccountSnapshot, TradingAccount } from '@tradedesk/contracts';

export const ACCOUNT_ID = '44444444-4444-4444-8444-444444444444';
export const TOKEN = 'tok_practice';

export function tradingAccount(overrides: Partial<TradingAccount> = {}): TradingAccount {
  return {
    id: ACCOUNT_ID,
    token: TOKEN,
    name: 'Practice',
    kind: 'virtual',
    platform: 'virtual',
    platformType: 'virtual',
    type: 'demo',
    server: 'TradeDesk-Virtual',
    broker: 'TradeDesk virtual broker',
    username: null,
    accountNumber: null,
    color: '#8861E4',
    status: 'connected',
    active: true,
    currency: 'USD',
    startingBalance: 10000,
    customBalance: false,
    balance: 10000,
    leverage: 100,
    marginMode: 'hedging',
    propFirm: null,
    objectives: [],
    rules: [],
    settings: {},
    hasInvestorPassword: false,
    created: '2026-01-02T03:04:05.000Z',
    updated: '2026-01-02T03:04:05.000Z',
    archivedAt: null,
    ...overrides,
  };
}

export function snapshot(overrides: Partial<AccountSnapshot['account']> = {}): AccountSnapshot {
  return {
    account: {
      accountId: ACCOUNT_ID,
      currency: 'USD',
      balance: 10000,
      equity: 10000,
      floatingProfit: 0,
      margin: 0,
      freeMargin: 10000,
      marginLevel: null,
      marginStatus: 'ok',
      leverage: 100,
      marginMode: 'hedging',
      ...overrides,
    },
    positions: [],
    orders: [],
  };
}

/** EURUSD open and quoting (1.1000 / 1.1002); a fixed tick for any other symbol. */
export const QUOTES: Record<string, { bid: number; ask: number }> = {
  EURUSD: { bid: 1.1, ask: 1.1002 },
};

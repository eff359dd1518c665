import type { PlatformType, TradingPlatformId } from '@tradedesk/contracts';

/** The built-in virtual broker: simulated fills on the simulated market, labelled as what it is. */
export const VIRTUAL_BROKER = {
  id: 'tradedesk-virtual',
  name: 'TradeDesk Virtual Broker',
  server: 'TradeDesk-Virtual',
  description:
    'Built-in virtual broker: orders fill against the simulated market at its bid and ask; no real money moves.',
} as const;

export const PLATFORMS: ReadonlyArray<{ id: TradingPlatformId; name: string; type: PlatformType }> = [
  { id: 'virtual', name: 'TradeDesk Virtual', type: 'virtual' },
  { id: 'mt4', name: 'MetaTrader 4', type: 'metatrader' },
  { id: 'mt5', name: 'MetaTrader 5', type: 'metatrader' },
  { id: 'ctrader', name: 'cTrader', type: 'ctrader' },
  { id: 'dxtrade', name: 'DXtrade', type: 'web' },
  { id: 'matchtrader', name: 'Match-Trader', type: 'web' },
  { id: 'tradelocker', name: 'TradeLocker', type: 'web' },
];

export const platformName = (id: TradingPlatformId) => PLATFORMS.find((p) => p.id === id)?.name ?? id;
export const platformTypeOf = (id: TradingPlatformId) => PLATFORMS.find((p) => p.id === id)?.type ?? 'web';

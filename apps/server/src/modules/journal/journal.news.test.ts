import type { JournalTrade } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { createTradeReader, type NewsOf } from './journal.trades.js';

const trade = (symbol: string, openedAt: string): JournalTrade => ({
  positionId: '00000000-0000-4000-8000-000000000001',
  accountId: '00000000-0000-4000-8000-000000000002',
  currency: 'USD',
  symbol,
  direction: 'long',
  volume: 1,
  openPrice: 1,
  closePrice: 1,
  openedAt,
  closedAt: openedAt,
  date: openedAt.slice(0, 10),
  profit: '0.00',
  commission: '0.00',
  swap: '0.00',
  net: '0.00',
  annotation: null,
});

const events = [
  {
    id: 'US_NFP-2026-03-06',
    title: 'Non-Farm Payrolls',
    impact: 'high' as const,
    time: '2026-03-06T13:30:00.000Z',
    currency: 'USD',
    instruments: ['EURUSD'],
  },
  {
    id: 'JP_BOJ-2026-03-06',
    title: 'BoJ Rate Decision',
    impact: 'high' as const,
    time: '2026-03-06T13:45:00.000Z',
    currency: 'JPY',
    instruments: ['USDJPY'],
  },
];

function readerWith(news: NewsOf | undefined) {
  const unused = {} as never;
  return createTradeReader({ repo: unused, trading: unused, links: unused, storage: unused, news });
}

describe('the journal trades’ news tag', () => {
  const calls: Array<[number, number]> = [];
  const news: NewsOf = async (from, to) => {
    calls.push([from, to]);
    return events.filter((e) => Date.parse(e.time) >= from && Date.parse(e.time) < to);
  };

  it('tags a trade opened within 30 minutes of a high-impact event of its currencies, and only those', async () => {
    const [nearNfp, gbp, late] = await readerWith(news).withNews([
      trade('EURUSD', '2026-03-06T13:50:00.000Z'),
      trade('EURGBP', '2026-03-06T13:40:00.000Z'),
      trade('EURUSD', '2026-03-06T14:01:00.000Z'),
    ]);
    expect(nearNfp!.news).toEqual([
      { id: 'US_NFP-2026-03-06', title: 'Non-Farm Payrolls', impact: 'high', time: '2026-03-06T13:30:00.000Z' },
    ]);
    expect(gbp!.news).toEqual([]); // neither USD nor JPY concerns EURGBP
    expect(late!.news).toEqual([]); // 31 minutes after
    expect(calls).toHaveLength(1); // one read for the whole page
  });

  it('leaves trades as they are without a calendar', async () => {
    const t = trade('EURUSD', '2026-03-06T13:31:00.000Z');
    expect(await readerWith(undefined).withNews([t])).toEqual([t]);
  });
});

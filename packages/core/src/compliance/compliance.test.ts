import { describe, expect, it } from 'vitest';
import type { MetricsTradeInput } from '../metrics/metrics.js';
import {
  type ComplianceGroup,
  computeCompliance,
  disciplineScore,
  filterByCompliance,
  type PlaybookStrategy,
  type TradeAnnotation,
} from './compliance.js';

/*
 * Hand-worked scenario (UTC; money in cents; EURUSD 1 lot moves 10,000,000 cents per 1.0 of price, so a stop
 * 0.0010 below a 1.1000 buy risks 10,000 cents).
 *
 * Playbook: S1 "Breakout" with A1 "London breakout" (items I1 "Trend up", I2 "Volume spike") and A2 "Retest"
 * (item I3 "Retest holds"); S2 "Mean reversion" with B1 "Fade" (no items). Mistakes M1 "Moved stop", M2 "FOMO".
 *
 *   T1 Mon 03-02 10:00  net +10,000  R +1     S1/A1 met I1 I2            -> disciplined
 *   T2 Mon 03-02 15:00  net  -5,000  R -0.5   S1/A1 met I1, mistake M1   -> broke
 *   T3 Tue 03-03 10:00  net +20,000  no R     S1/A1 met I1 I2, M2        -> broke (a mistake)
 *   T4 Tue 03-03 12:00  net -10,000  R -1     S1/A2 met none             -> broke (I3 not met)
 *   T5 Wed 03-04 10:00  net  +3,000  no R     S2/B1 (no checklist)       -> disciplined
 *   T6 Wed 03-04 11:00  net  -2,500  no R     no annotation              -> unreviewed
 *   T7 Mon 03-09 10:00  net       0  R 0      annotation without strategy -> no playbook (neither)
 */
const playbook: PlaybookStrategy[] = [
  {
    id: 'S1',
    name: 'Breakout',
    approaches: [
      {
        id: 'A1',
        name: 'London breakout',
        checklistItems: [
          { id: 'I1', label: 'Trend up' },
          { id: 'I2', label: 'Volume spike' },
        ],
      },
      { id: 'A2', name: 'Retest', checklistItems: [{ id: 'I3', label: 'Retest holds' }] },
    ],
  },
  { id: 'S2', name: 'Mean reversion', approaches: [{ id: 'B1', name: 'Fade', checklistItems: [] }] },
];
const mistakes = [
  { id: 'M1', label: 'Moved stop' },
  { id: 'M2', label: 'FOMO' },
];

function trade(id: string, close: string, net: number, stop: number | null): MetricsTradeInput {
  const closedAtMs = Date.parse(close);
  return {
    id,
    accountId: 'acc',
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openPrice: 1.1,
    closePrice: 1.1,
    openedAtMs: closedAtMs - 1_800_000,
    closedAtMs,
    // commission -500 on every trade: nets are profit + commission
    profitMinor: net + 500,
    commissionMinor: -500,
    swapMinor: 0,
    initialStopLoss: stop,
    minorPerPrice: 1e7,
    strategy: null,
  };
}
const note = (
  tradeId: string,
  strategyId: string | null,
  approachId: string | null,
  met: string[],
  mistakeIds: string[] = [],
): TradeAnnotation => ({ tradeId, strategyId, approachId, checklistItemIdsMet: met, mistakeIds });

const trades = [
  trade('T1', '2026-03-02T10:00:00Z', 10_000, 1.099),
  trade('T2', '2026-03-02T15:00:00Z', -5_000, 1.099),
  trade('T3', '2026-03-03T10:00:00Z', 20_000, null),
  trade('T4', '2026-03-03T12:00:00Z', -10_000, 1.099),
  trade('T5', '2026-03-04T10:00:00Z', 3_000, null),
  trade('T6', '2026-03-04T11:00:00Z', -2_500, null),
  trade('T7', '2026-03-09T10:00:00Z', 0, 1.099),
];
const annotations = [
  note('T1', 'S1', 'A1', ['I1', 'I2']),
  note('T2', 'S1', 'A1', ['I1'], ['M1']),
  note('T3', 'S1', 'A1', ['I1', 'I2'], ['M2']),
  note('T4', 'S1', 'A2', []),
  note('T5', 'S2', 'B1', []),
  note('T7', null, null, []),
];

/** A group as [count, wins, losses, breakEven, winRate, averageR, tradesWithR, net, ids]. */
function g(x: ComplianceGroup) {
  return [
    x.count,
    x.wins,
    x.losses,
    x.breakEven,
    x.winRate === null ? null : Number(x.winRate.toFixed(4)),
    x.averageR === null ? null : Number(x.averageR.toFixed(4)),
    x.tradesWithR,
    x.net,
    x.tradeIds.join(','),
  ];
}
const none = [0, 0, 0, 0, null, null, 0, 0, ''];

describe('computeCompliance', () => {
  const c = computeCompliance({ trades, annotations, strategies: playbook, mistakes, timeZone: 'UTC' });

  it('splits reviewed trades into followed and broke, and counts no-playbook and unreviewed ones apart', () => {
    expect(g(c.overall.followed)).toEqual([2, 2, 0, 0, 100, 1, 1, 13_000, 'T1,T5']);
    expect(g(c.overall.broke)).toEqual([3, 1, 2, 0, 33.3333, -0.75, 2, 5_000, 'T2,T3,T4']);
    // T7: reviewed, no strategy, no mistake: neither followed nor broke
    expect(g(c.overall.noPlaybook)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 'T7']);
    expect(g(c.overall.unreviewed)).toEqual([1, 0, 1, 0, 0, null, 0, -2_500, 'T6']);
  });

  it.each([
    ['S1', [1, 1, 0, 0, 100, 1, 1, 10_000, 'T1'], [3, 1, 2, 0, 33.3333, -0.75, 2, 5_000, 'T2,T3,T4']],
    ['S2', [1, 1, 0, 0, 100, null, 0, 3_000, 'T5'], none],
  ])('strategy %s: followed and broke', (id, followed, broke) => {
    const s = c.strategies.find((x) => x.strategyId === id)!;
    expect(g(s.followed)).toEqual(followed);
    expect(g(s.broke)).toEqual(broke);
  });

  it.each([
    ['S1', 'A1', [1, 1, 0, 0, 100, 1, 1, 10_000, 'T1'], [2, 1, 1, 0, 50, -0.5, 1, 15_000, 'T2,T3']],
    ['S1', 'A2', none, [1, 0, 1, 0, 0, -1, 1, -10_000, 'T4']],
    ['S2', 'B1', [1, 1, 0, 0, 100, null, 0, 3_000, 'T5'], none],
  ])('approach %s/%s: followed and broke', (sid, aid, followed, broke) => {
    const a = c.strategies.find((x) => x.strategyId === sid)!.approaches.find((x) => x.approachId === aid)!;
    expect(g(a.followed)).toEqual(followed);
    expect(g(a.broke)).toEqual(broke);
  });

  it.each([
    ['A1', 'I1', [3, 2, 1, 0, 66.6667, 0.25, 2, 25_000, 'T1,T2,T3'], none],
    ['A1', 'I2', [2, 2, 0, 0, 100, 1, 1, 30_000, 'T1,T3'], [1, 0, 1, 0, 0, -0.5, 1, -5_000, 'T2']],
    ['A2', 'I3', none, [1, 0, 1, 0, 0, -1, 1, -10_000, 'T4']],
  ])('checklist item %s/%s: followed and broke', (aid, iid, followed, broke) => {
    const a = c.strategies.flatMap((s) => s.approaches).find((x) => x.approachId === aid)!;
    const item = a.checklistItems.find((x) => x.itemId === iid)!;
    expect(g(item.followed)).toEqual(followed);
    expect(g(item.broke)).toEqual(broke);
  });

  it('lists the trades of each mistake', () => {
    expect(c.mistakes.map((m) => [m.mistakeId, m.label, ...g(m.trades)])).toEqual([
      ['M1', 'Moved stop', 1, 0, 1, 0, 0, -0.5, 1, -5_000, 'T2'],
      ['M2', 'FOMO', 1, 1, 0, 0, 100, null, 0, 20_000, 'T3'],
    ]);
  });

  it('scores discipline per day and week: checklist share minus 20 points per mistake per reviewed trade', () => {
    const row = (p: (typeof c.discipline.days)[number]) => [
      p.date,
      p.reviewed,
      p.noPlaybook,
      p.unreviewed,
      p.itemsMet,
      p.itemsTotal,
      p.mistakes,
      p.score === null ? null : Number(p.score.toFixed(4)),
    ];
    expect(c.discipline.days.map(row)).toEqual([
      // 3 of 4 items (75) - 20 x 1 mistake / 2 trades
      ['2026-03-02', 2, 0, 0, 3, 4, 1, 65],
      // 2 of 3 items (66.6667) - 20 x 1 / 2
      ['2026-03-03', 2, 0, 0, 2, 3, 1, 56.6667],
      // no checklist: 100; the unreviewed trade does not count
      ['2026-03-04', 1, 0, 1, 0, 0, 0, 100],
      // T7, no playbook: counted apart like the unreviewed trades, so the day has no score (not a free 100)
      ['2026-03-09', 0, 1, 0, 0, 0, 0, null],
    ]);
    expect(c.discipline.weeks.map(row)).toEqual([
      // 5 of 7 items (71.4286) - 20 x 2 / 5
      ['2026-03-02', 5, 0, 1, 5, 7, 2, 63.4286],
      ['2026-03-09', 0, 1, 0, 0, 0, 0, null],
    ]);
    // 71.4286 - 20 x 2 / 5: T7 does not thin out the mistakes' penalty
    expect(c.discipline.score).toBeCloseTo(63.4286, 4);
  });

  it('keeps nets exact in minor units', () => {
    const cents = [trade('X1', '2026-03-02T10:00:00Z', 1, null), trade('X2', '2026-03-02T11:00:00Z', 2, null)];
    const r = computeCompliance({
      trades: cents,
      annotations: [note('X1', null, null, []), note('X2', null, null, [])],
      strategies: [],
      timeZone: 'UTC',
    });
    expect(r.overall.noPlaybook.net).toBe(3);
  });
});

describe('rule standing of a reviewed trade', () => {
  it.each([
    ['a strategy, every item met, no mistake', note('X', 'S1', 'A1', ['I1', 'I2']), 'followed'],
    ['a strategy without an approach, no mistake', note('X', 'S1', null, []), 'followed'],
    ['a strategy, an item unmet', note('X', 'S1', 'A1', ['I1']), 'broke'],
    ['a strategy and a mistake', note('X', 'S2', 'B1', [], ['M1']), 'broke'],
    ['no strategy, a mistake', note('X', null, null, [], ['M1']), 'broke'],
    ['no strategy, no mistake', note('X', null, null, []), 'no_playbook'],
  ])('%s: %s', (_, annotation, standing) => {
    const one = [trade('X', '2026-03-02T10:00:00Z', 100, null)];
    const c = computeCompliance({ trades: one, annotations: [annotation], strategies: playbook, timeZone: 'UTC' });
    expect(c.overall.followed.count).toBe(standing === 'followed' ? 1 : 0);
    expect(c.overall.broke.count).toBe(standing === 'broke' ? 1 : 0);
    expect(c.overall.noPlaybook.count).toBe(standing === 'no_playbook' ? 1 : 0);
    const picked = (d: 'followed' | 'broke') =>
      filterByCompliance(one, [annotation], playbook, { discipline: d }).map((t) => t.id);
    expect(picked('followed')).toEqual(standing === 'followed' ? ['X'] : []);
    expect(picked('broke')).toEqual(standing === 'broke' ? ['X'] : []);
  });
});

describe('discipline edge cases', () => {
  it.each([
    [{ reviewed: 0, itemsMet: 0, itemsTotal: 0, mistakes: 0 }, null],
    [{ reviewed: 1, itemsMet: 0, itemsTotal: 2, mistakes: 1 }, 0],
    [{ reviewed: 1, itemsMet: 2, itemsTotal: 2, mistakes: 0 }, 100],
    [{ reviewed: 4, itemsMet: 0, itemsTotal: 0, mistakes: 1 }, 95],
    [{ reviewed: 1, itemsMet: 0, itemsTotal: 0, mistakes: 7 }, 0],
  ])('disciplineScore(%o) = %s', (counts, score) => {
    expect(disciplineScore(counts)).toBe(score);
  });

  it('places days in the time zone of the score', () => {
    // 23:30 UTC on Monday is Tuesday 08:30 in Tokyo
    const r = computeCompliance({
      trades: [trade('Z', '2026-03-02T23:30:00Z', 100, null)],
      annotations: [note('Z', null, null, [])],
      strategies: [],
      timeZone: 'Asia/Tokyo',
    });
    expect(r.discipline.days.map((d) => d.date)).toEqual(['2026-03-03']);
    expect(r.discipline.weeks.map((d) => d.date)).toEqual(['2026-03-02']);
  });

  it('ignores met ids not on the checklist, and an approach of another strategy than the one named', () => {
    const r = computeCompliance({
      trades: [trade('P', '2026-03-02T10:00:00Z', 100, null), trade('Q', '2026-03-02T11:00:00Z', -100, null)],
      // P met an item of A2 while annotated with A1: A1's two items are not met
      // Q names S2 with S1's approach A1: the approach does not apply, so Q has no checklist
      annotations: [note('P', 'S1', 'A1', ['I3']), note('Q', 'S2', 'A1', ['I1'])],
      strategies: playbook,
      timeZone: 'UTC',
    });
    expect(r.overall.broke.tradeIds).toEqual(['P']);
    expect(r.overall.followed.tradeIds).toEqual(['Q']);
    const a1 = r.strategies[0]!.approaches[0]!;
    expect(a1.broke.tradeIds).toEqual(['P']);
    expect(a1.checklistItems.map((i) => i.broke.tradeIds)).toEqual([['P'], ['P']]);
    expect(r.strategies[1]!.followed.tradeIds).toEqual(['Q']);
    expect(r.discipline.days[0]).toMatchObject({ itemsMet: 0, itemsTotal: 2, score: 0 });
  });

  it('reports a mistake id the list no longer has, with no label', () => {
    const r = computeCompliance({
      trades: [trade('P', '2026-03-02T10:00:00Z', 100, null)],
      annotations: [note('P', null, null, [], ['gone'])],
      strategies: [],
      mistakes,
      timeZone: 'UTC',
    });
    expect(r.mistakes.map((m) => [m.mistakeId, m.label, m.trades.count])).toEqual([
      ['M1', 'Moved stop', 0],
      ['M2', 'FOMO', 0],
      ['gone', null, 1],
    ]);
  });
});

describe('filterByCompliance', () => {
  const ids = (f: Parameters<typeof filterByCompliance>[3]) =>
    filterByCompliance(trades, annotations, playbook, f).map((t) => t.id);

  it.each([
    [{}, ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7']],
    [{ reviewed: false }, ['T6']],
    [{ reviewed: true }, ['T1', 'T2', 'T3', 'T4', 'T5', 'T7']],
    [{ approach: 'A1' }, ['T1', 'T2', 'T3']],
    [{ checklistItem: 'I2' }, ['T1', 'T3']],
    [{ checklistItem: 'I2', checklist: 'broke' as const }, ['T2']],
    [{ approach: 'A2', checklistItem: 'I3', checklist: 'broke' as const }, ['T4']],
    [{ discipline: 'followed' as const }, ['T1', 'T5']],
    [{ discipline: 'broke' as const, approach: 'A1' }, ['T2', 'T3']],
    [{ reviewed: false, approach: 'A1' }, []],
  ])('%o keeps %o', (f, expected) => {
    expect(ids(f)).toEqual(expected);
  });
});

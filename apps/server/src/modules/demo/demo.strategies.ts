import { type ApproachStatus, STRATEGY_GRAPH_VERSION, type StrategyGraph } from '@tradedesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StrategiesService } from '../strategies/strategies.service.js';
import type { UsersService } from '../users/users.service.js';
import { DEMO_USER } from './demo.seed.js';

/** The demo user's strategies, by the key other demo seeds (the journal's) look them up with. */
export const DEMO_STRATEGY_NAMES = {
  londonBreakout: 'London breakout',
  rsiMeanReversion: 'RSI mean reversion',
} as const;
export type DemoStrategyKey = keyof typeof DEMO_STRATEGY_NAMES;

/**
 * "RSI(14) crosses above 30, then buy; stop loss 1.5 ATR(14), take profit 2 ATR(14), risking 1 % of the balance"
 * in the strategy graph format (version 1).
 */
export function rsiMeanReversionGraph(): StrategyGraph {
  return {
    version: STRATEGY_GRAPH_VERSION,
    nodes: [
      {
        id: 'rsi',
        type: 'indicator',
        position: { x: 0, y: 0 },
        label: 'RSI(14)',
        data: { indicatorId: 'rsi', inputs: { period: 14 }, output: 'rsi' },
      },
      { id: 'oversold', type: 'constant', position: { x: 0, y: 160 }, label: 'Oversold', data: { value: 30 } },
      {
        id: 'cross',
        type: 'cross',
        position: { x: 280, y: 80 },
        label: 'RSI crosses above 30',
        data: { direction: 'above' },
      },
      {
        id: 'buy',
        type: 'buy_action',
        position: { x: 560, y: 80 },
        data: {
          size: { mode: 'risk', percent: 1 },
          stopLoss: { mode: 'atr', period: 14, multiplier: 1.5 },
          takeProfit: { mode: 'atr', period: 14, multiplier: 2 },
        },
      },
    ],
    edges: [
      { id: 'e-rsi-cross', source: 'rsi', sourceHandle: 'value', target: 'cross', targetHandle: 'a' },
      { id: 'e-30-cross', source: 'oversold', sourceHandle: 'value', target: 'cross', targetHandle: 'b' },
      { id: 'e-cross-buy', source: 'cross', sourceHandle: 'result', target: 'buy', targetHandle: 'signal' },
    ],
    viewport: { x: 0, y: 0, zoom: 0.95 },
  };
}

type DemoCondition = { text: string; checklist: string[]; comments?: string[] };
type DemoApproach = {
  name: string;
  status: ApproachStatus;
  description: string;
  symbols?: string[];
  timeframes?: string[];
  tags?: string[];
  criteria: Array<{ name: string; conditions: DemoCondition[] }>;
};
type DemoStrategy = {
  key: DemoStrategyKey;
  description: string;
  tags: string[];
  symbols: string[];
  timeframes: string[];
  indicators: string[];
  folders: string[];
  graph: StrategyGraph | null;
  approaches: DemoApproach[];
};

const PLAN: DemoStrategy[] = [
  {
    key: 'londonBreakout',
    description:
      'Trade the break of the Asian session range in the first two hours of London. The range is the high and low ' +
      'from 00:00 to 07:00 UTC; a range wider than 1.2 ATR(14) on the hourly chart is skipped.',
    tags: ['breakout', 'session'],
    symbols: ['EURUSD', 'GBPUSD'],
    timeframes: ['15m', '1h'],
    indicators: ['atr', 'ema'],
    folders: ['Playbook'],
    graph: null,
    approaches: [
      {
        name: 'Range break entry',
        status: 'entry',
        description: 'Enter on a 15-minute close beyond the Asian range between 07:00 and 09:00 UTC.',
        timeframes: ['15m'],
        tags: ['entry'],
        criteria: [
          {
            name: 'Asian range is tradeable',
            conditions: [
              {
                text: 'The Asian range is narrower than 1.2 ATR(14) of the hourly chart.',
                checklist: ['Marked the 00:00-07:00 UTC high and low', 'Range width below 1.2 ATR(14) on 1h'],
                comments: ['Wide ranges after US data rarely follow through; skip them.'],
              },
              {
                text: 'No high-impact EUR or GBP news between 07:00 and 09:30 UTC.',
                checklist: ['Checked the economic calendar'],
              },
            ],
          },
          {
            name: 'Break confirmation',
            conditions: [
              {
                text: 'A 15-minute candle closes beyond the range in the direction of the 50 EMA on the hourly chart.',
                checklist: [
                  'Candle closed beyond the range (no wick-only break)',
                  'Hourly price on the same side of the 50 EMA',
                  'Stop behind the middle of the range',
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Breakeven and partials',
        status: 'management',
        description: 'Move the stop to breakeven at 1R and take half off at 1.5R.',
        criteria: [
          {
            name: 'Protect the trade',
            conditions: [
              {
                text: 'At 1R in profit the stop goes to the entry price.',
                checklist: ['Stop moved to breakeven at 1R', 'Half closed at 1.5R'],
              },
            ],
          },
        ],
      },
      {
        name: 'Time stop',
        status: 'exit',
        description: 'Whatever is still open at 12:00 UTC is closed.',
        criteria: [
          {
            name: 'Session end',
            conditions: [{ text: 'Close the rest at 12:00 UTC.', checklist: ['Position flat by 12:00 UTC'] }],
          },
        ],
      },
    ],
  },
  {
    key: 'rsiMeanReversion',
    description:
      'Buy oversold pullbacks in a range: RSI(14) crossing back above 30, with the stop 1.5 ATR(14) and the target ' +
      '2 ATR(14) away. The node graph holds the rule for the backtester.',
    tags: ['mean reversion', 'oscillator'],
    symbols: ['EURUSD', 'XAUUSD'],
    timeframes: ['1h', '4h'],
    indicators: ['rsi', 'atr'],
    folders: ['Backtests'],
    graph: rsiMeanReversionGraph(),
    approaches: [
      {
        name: 'Oversold bounce',
        status: 'entry',
        description: 'Buy the hourly close where RSI(14) crosses back above 30.',
        timeframes: ['1h'],
        symbols: ['EURUSD'],
        criteria: [
          {
            name: 'Market is ranging',
            conditions: [
              {
                text: 'The 4-hour chart has made no new 20-bar high or low for the last 10 bars.',
                checklist: ['No new 20-bar extreme on 4h in 10 bars', 'ADX(14) below 25 on 4h'],
              },
            ],
          },
          {
            name: 'Trigger',
            conditions: [
              {
                text: 'RSI(14) crosses above 30 on a closed hourly bar.',
                checklist: [
                  'RSI(14) closed above 30 after being below',
                  'Stop 1.5 ATR(14) below the entry',
                  'Target 2 ATR(14) above the entry',
                  'Risk 1 % of the balance',
                ],
                comments: ['Works best in the Asian and early London sessions.'],
              },
            ],
          },
        ],
      },
      {
        name: 'Exit at the mean',
        status: 'exit',
        description: 'Take the trade off early when RSI(14) reaches 50 before the target.',
        criteria: [
          {
            name: 'Momentum faded',
            conditions: [
              {
                text: 'RSI(14) reaches 50 and the next bar closes lower.',
                checklist: ['RSI(14) touched 50', 'Next hourly bar closed lower'],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Gives the demo user two believable strategies, London breakout and RSI mean reversion, each with approaches
 * across the status groups, criteria, conditions with checklists and a comment or two; the RSI one carries its
 * rule as a node graph. Once: nothing is added when the demo user already has the first of them.
 */
export async function seedStrategiesDemo(deps: {
  users: UsersService;
  strategies: StrategiesService;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  const { strategies } = deps;
  const existing = await strategies.ownedNames(user.id);
  if (existing.some((s) => s.name === DEMO_STRATEGY_NAMES.londonBreakout)) return false;

  for (const plan of PLAN) {
    const strategy = await strategies.create(user.id, {
      name: DEMO_STRATEGY_NAMES[plan.key],
      description: plan.description,
      graph: plan.graph,
    });
    for (const tag of plan.tags) await strategies.addLabel(user.id, strategy.id, 'tag', tag);
    for (const symbol of plan.symbols) await strategies.addLabel(user.id, strategy.id, 'symbol', symbol);
    for (const tf of plan.timeframes) await strategies.addLabel(user.id, strategy.id, 'timeframe', tf);
    for (const indicator of plan.indicators) await strategies.addLabel(user.id, strategy.id, 'indicator', indicator);
    for (const folder of plan.folders) await strategies.addFolder(user.id, strategy.id, { name: folder });
    for (const a of plan.approaches) {
      const approach = await strategies.createApproach(user.id, strategy.id, {
        name: a.name,
        status: a.status,
        description: a.description,
      });
      const at = { id: strategy.id, approachId: approach.id };
      for (const tag of a.tags ?? []) await strategies.addApproachLabel(user.id, at, 'tag', tag);
      for (const symbol of a.symbols ?? []) await strategies.addApproachLabel(user.id, at, 'symbol', symbol);
      for (const tf of a.timeframes ?? []) await strategies.addApproachLabel(user.id, at, 'timeframe', tf);
      for (const c of a.criteria) {
        const withCriterion = await strategies.addCriterion(user.id, at, { name: c.name });
        const criteriaId = withCriterion.criteria.at(-1)?.id as string;
        for (const cond of c.conditions) {
          const withCondition = await strategies.addCondition(user.id, { ...at, criteriaId }, { text: cond.text });
          const conditionId = withCondition.criteria.find((x) => x.id === criteriaId)?.conditions.at(-1)?.id as string;
          const path = { ...at, criteriaId, conditionId };
          for (const text of cond.checklist) await strategies.addChecklistItem(user.id, path, { text });
          for (const text of cond.comments ?? []) await strategies.addComment(user.id, path, { text });
        }
      }
    }
  }
  deps.log.info('demo strategies created');
  return true;
}

/** A demo approach's ids: its own, its status, and the ids of its checklist items in order. */
export type DemoApproachRef = { id: string; name: string; status: ApproachStatus; checklistItemIds: string[] };
export type DemoStrategyRef = { strategyId: string; approaches: DemoApproachRef[] };

/**
 * The ids of the demo user's strategies, approaches and checklist items, for other demo seeds (the journal tags
 * its trades with them). Undefined entries when the strategies demo has not run (or the user deleted one).
 */
export async function demoStrategyRefs(
  strategies: StrategiesService,
  userId: string,
): Promise<Partial<Record<DemoStrategyKey, DemoStrategyRef>>> {
  const owned = await strategies.ownedNames(userId);
  const refs: Partial<Record<DemoStrategyKey, DemoStrategyRef>> = {};
  for (const key of Object.keys(DEMO_STRATEGY_NAMES) as DemoStrategyKey[]) {
    const strategy = owned.find((s) => s.name === DEMO_STRATEGY_NAMES[key]);
    if (!strategy) continue;
    const approaches = await strategies.approaches(userId, strategy.id);
    refs[key] = {
      strategyId: strategy.id,
      approaches: approaches.map((a) => ({
        id: a.id,
        name: a.name,
        status: a.status,
        checklistItemIds: a.criteria.flatMap((c) => c.conditions.flatMap((d) => d.checklist.map((i) => i.id))),
      })),
    };
  }
  return refs;
}

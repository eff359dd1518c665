import { describe, expect, it } from 'vitest';
import { planResearch, symbolsIn, timeframeIn } from './research.planner.js';

const ALL = new Set([
  'get_performance',
  'get_prop_status',
  'get_trades',
  'get_news',
  'get_calendar',
  'get_indicator',
  'get_journal',
  'get_playbook_compliance',
]);
const base = { tools: ALL, agentKnowledge: null, attached: false, today: '2026-03-02' };
const tools = (q: string, ctx = base) =>
  planResearch(q, [], ctx).map((s) =>
    s.kind === 'tool' ? `${s.tool}${JSON.stringify(s.args)}` : `knowledge:${s.scope}`,
  );

describe('the research plan', () => {
  it.each([
    [
      'How did I do this week, and by day of week?',
      [
        'get_performance{"period":"this_week"}',
        'get_performance{"period":"this_week","group_by":"day_of_week"}',
        'get_performance{"period":"this_week","group_by":"hour"}',
      ],
    ],
    [
      'What is the news and sentiment on EURUSD?',
      ['get_news{"symbol":"EURUSD","limit":5}', 'get_performance{"period":"this_month"}', 'get_prop_status{}'],
    ],
    [
      'Research EUR/USD for me',
      [
        'get_news{"symbol":"EURUSD","limit":5}',
        'get_calendar{"symbol":"EURUSD","from":"2026-03-02","to":"2026-03-09"}',
        'get_indicator{"symbol":"EURUSD","indicator":"rsi","timeframe":"1h"}',
      ],
    ],
    [
      'Am I following my playbook rules, and what do my journal notes say about mistakes last month?',
      [
        'get_playbook_compliance{"period":"last_month"}',
        'get_journal{"period":"last_month"}',
        'get_performance{"period":"last_month"}',
      ],
    ],
  ])('%s', (question, expected) => {
    expect(tools(question)).toEqual(expected);
  });

  it('always plans 3 to 6 steps, numbered, and only with the tools the run may use', () => {
    const long = tools(
      'How did I do this month by hour and by symbol, my prop room, playbook compliance, journal, trades, news on EURUSD and GBPUSD?',
    );
    expect(long).toHaveLength(6);
    const few = planResearch('Anything?', [], { ...base, tools: new Set(['get_journal', 'get_trades', 'get_news']) });
    expect(few.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(few.every((s) => s.kind === 'tool' && ['get_journal', 'get_trades'].includes(s.tool))).toBe(true);
    expect(tools('Anything?')).toHaveLength(3);
  });

  it('looks in the agent’s knowledge and the attached files first', () => {
    const plan = planResearch('What does the guide say about the daily loss?', [], {
      ...base,
      agentKnowledge: { name: 'Coach' },
      attached: true,
    });
    expect(plan.slice(0, 2)).toEqual([
      { id: 's1', kind: 'knowledge', scope: 'agent', title: "Search Coach's knowledge", query: expect.any(String) },
      { id: 's2', kind: 'knowledge', scope: 'attached', title: 'Search the attached files', query: expect.any(String) },
    ]);
  });

  it('finds catalogue tickers written in capitals and mentioned symbols, not ordinary capitals', () => {
    expect(symbolsIn('Should I buy NVDA or EUR/USD? I think RSI is high', [])).toEqual(['NVDA', 'EURUSD']);
    expect(symbolsIn('what about it', [{ category: 'symbol', option: 'gbpusd', subOption: null }])).toEqual(['GBPUSD']);
  });

  it('reads the chart’s standard indicator readings at the bar size the question names, and any other named', () => {
    const withReadings = { ...base, tools: new Set([...ALL, 'get_chart_readings']) };
    expect(tools('Is the 4h trend on GBPUSD stretched? Check the EMA too', withReadings)).toEqual([
      'get_chart_readings{"symbol":"GBPUSD","timeframe":"4h"}',
      'get_indicator{"symbol":"GBPUSD","indicator":"ema","timeframe":"4h"}',
      'get_performance{"period":"this_month"}',
    ]);
    expect(tools('Research EUR/USD for me', withReadings)).toContain(
      'get_chart_readings{"symbol":"EURUSD","timeframe":"1h"}',
    );
    // without the readings tool: the indicators named, at the bar size named
    expect(tools('What do MACD and ATR say on the daily XAUUSD chart?')).toEqual([
      'get_indicator{"symbol":"XAUUSD","indicator":"macd","timeframe":"1D"}',
      'get_indicator{"symbol":"XAUUSD","indicator":"atr","timeframe":"1D"}',
      'get_performance{"period":"this_month"}',
    ]);
  });

  it('knows the bar sizes of the market, and ignores durations that are not one', () => {
    expect(timeframeIn('on the 15 min chart')).toBe('15m');
    expect(timeframeIn('the 4-hour trend')).toBe('4h');
    expect(timeframeIn('weekly close')).toBe('1W');
    expect(timeframeIn('what happened 3 hours ago')).toBeNull();
    expect(timeframeIn('the 2h chart')).toBeNull();
    expect(timeframeIn('how did I do by hour')).toBeNull();
  });
});

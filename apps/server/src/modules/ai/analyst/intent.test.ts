import type { AiMention } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { type Intent, parseQuestion } from './intent.js';

/** Wednesday 18 March 2026, 10:00 UTC. */
const NOW = Date.parse('2026-03-18T10:00:00Z');

const calls = (i: Intent) => (i.kind === 'plan' ? i.plan.calls : []);
const account = (i: Intent) => (i.kind === 'plan' ? i.plan.account : undefined);

describe('built-in analyst: question -> tool calls', () => {
  const table: [string, { name: string; args: Record<string, unknown>; optional?: boolean }[]][] = [
    // performance over a period
    ['How did I do this week?', [{ name: 'get_performance', args: { group_by: 'none', period: 'this_week' } }]],
    ['How did I do today?', [{ name: 'get_performance', args: { group_by: 'none', period: 'today' } }]],
    ['What was my P/L yesterday?', [{ name: 'get_performance', args: { group_by: 'none', period: 'yesterday' } }]],
    ['Results last week', [{ name: 'get_performance', args: { group_by: 'none', period: 'last_week' } }]],
    ['My win rate last month', [{ name: 'get_performance', args: { group_by: 'none', period: 'last_month' } }]],
    ['Profit factor this year', [{ name: 'get_performance', args: { group_by: 'none', period: 'this_year' } }]],
    [
      'How did I do in March?',
      [{ name: 'get_performance', args: { group_by: 'none', from: '2026-03-01', to: '2026-03-31' } }],
    ],
    // a month after the current one is last year's
    [
      'How did I do in June?',
      [{ name: 'get_performance', args: { group_by: 'none', from: '2025-06-01', to: '2025-06-30' } }],
    ],
    [
      'Performance for February 2025',
      [{ name: 'get_performance', args: { group_by: 'none', from: '2025-02-01', to: '2025-02-28' } }],
    ],
    [
      'P/L from 2026-03-01 to 2026-03-10',
      [{ name: 'get_performance', args: { group_by: 'none', from: '2026-03-01', to: '2026-03-10' } }],
    ],
    [
      'How did I do over the last 7 days?',
      [{ name: 'get_performance', args: { group_by: 'none', from: '2026-03-12', to: '2026-03-18' } }],
    ],
    // by time, day, session and symbol
    ['Performance by hour last month', [{ name: 'get_performance', args: { group_by: 'hour', period: 'last_month' } }]],
    [
      'What time of day do I trade best this month?',
      [{ name: 'get_performance', args: { group_by: 'hour', period: 'this_month' } }],
    ],
    [
      'What is my win rate by day of week this month?',
      [{ name: 'get_performance', args: { group_by: 'day_of_week', period: 'this_month' } }],
    ],
    ['Which session is my best?', [{ name: 'get_performance', args: { group_by: 'session', period: 'all' } }]],
    [
      'Which symbols made me the most money this month?',
      [{ name: 'get_performance', args: { group_by: 'symbol', period: 'this_month' } }],
    ],
    [
      'How did I do on EURUSD this month?',
      [{ name: 'get_performance', args: { group_by: 'none', symbol: 'EURUSD', period: 'this_month' } }],
    ],
    // prop rules and sizing
    ['How much room do I have left today on my prop account?', [{ name: 'get_prop_status', args: {} }]],
    ['Am I close to breaching my daily loss?', [{ name: 'get_prop_status', args: {} }]],
    [
      'How much EURUSD can I buy with a 20 pip stop?',
      [{ name: 'size_position', args: { symbol: 'EURUSD', side: 'buy', stop_pips: 20 } }],
    ],
    [
      'What position size for a short on gold with stop 2350 risking 0.5%?',
      [{ name: 'size_position', args: { symbol: 'XAUUSD', side: 'sell', stop_loss: 2350, risk_percent: 0.5 } }],
    ],
    // events and news
    [
      'Upcoming high-impact events and news for EURUSD',
      [
        { name: 'get_calendar', args: { symbol: 'EURUSD', impact: 'high' } },
        { name: 'get_news', args: { symbol: 'EURUSD', limit: 5 } },
      ],
    ],
    ['What events are coming next week?', [{ name: 'get_calendar', args: { from: '2026-03-23', to: '2026-03-29' } }]],
    [
      'USD events tomorrow',
      [{ name: 'get_calendar', args: { currency: 'USD', from: '2026-03-19', to: '2026-03-19' } }],
    ],
    ['news on NVDA', [{ name: 'get_news', args: { symbol: 'NVDA', limit: 5 } }]],
    ['What is the sentiment on bitcoin?', [{ name: 'get_news', args: { symbol: 'BTCUSD', limit: 5 } }]],
    // indicators and prices
    ['RSI on EURUSD 1h', [{ name: 'get_indicator', args: { symbol: 'EURUSD', indicator: 'rsi', timeframe: '1h' } }]],
    [
      'What is the 50 SMA on gold daily?',
      [
        {
          name: 'get_indicator',
          args: { symbol: 'XAUUSD', indicator: 'sma', timeframe: '1D', inputs: { period: 50 } },
        },
      ],
    ],
    [
      'MACD for GBP/USD H4',
      [{ name: 'get_indicator', args: { symbol: 'GBPUSD', indicator: 'macd', timeframe: '4h' } }],
    ],
    [
      '50 MA on US500 15m',
      [
        {
          name: 'get_indicator',
          args: { symbol: 'US500', indicator: 'sma', timeframe: '15m', inputs: { period: 50 } },
        },
      ],
    ],
    [
      'How is Apple doing?',
      [
        { name: 'get_candles', args: { symbol: 'AAPL', timeframe: '1h', count: 24 } },
        { name: 'get_chart_readings', args: { symbol: 'AAPL', timeframe: '1h' }, optional: true },
      ],
    ],
    [
      'Analyse the EURUSD 4h chart.',
      [
        { name: 'get_candles', args: { symbol: 'EURUSD', timeframe: '4h', count: 24 } },
        { name: 'get_chart_readings', args: { symbol: 'EURUSD', timeframe: '4h' }, optional: true },
      ],
    ],
    // playbook, journal, data
    ['Am I sticking to my rules?', [{ name: 'get_playbook_compliance', args: {} }]],
    ['Did I follow my playbook last week?', [{ name: 'get_playbook_compliance', args: { period: 'last_week' } }]],
    ['What are my strategies?', [{ name: 'get_strategies', args: {} }]],
    ['Summarise my journal this week', [{ name: 'get_journal', args: { period: 'this_week' } }]],
    ['What did I write in my journal this month?', [{ name: 'get_journal', args: { period: 'this_month' } }]],
    ['Show my open positions', [{ name: 'get_positions', args: {} }]],
    ['Show my last 5 trades', [{ name: 'get_trades', args: { limit: 5 } }]],
    ['What are my accounts?', [{ name: 'get_accounts', args: {} }]],
    [
      'What does the guide say about the news blackout?',
      [{ name: 'search_knowledge', args: { query: 'What does the guide say about the news blackout?', limit: 5 } }],
    ],
    // actions (proposed, confirmed by the user)
    [
      'Set an alert on EURUSD at 1.0900',
      [{ name: 'create_alert', args: { symbol: 'EURUSD', condition: 'crossing', price: 1.09 } }],
    ],
    [
      'Alert me when bitcoin goes above 100,000',
      [{ name: 'create_alert', args: { symbol: 'BTCUSD', condition: 'greater_than', price: 100000 } }],
    ],
    [
      'Buy EURUSD with stop 1.0800 on my prop account',
      [{ name: 'draft_order', args: { symbol: 'EURUSD', side: 'buy', order_type: 'market', stop_loss: 1.08 } }],
    ],
    [
      'Sell gold at 2400 limit, stop 2420, tp 2350, risk 0.5%',
      [
        {
          name: 'draft_order',
          args: {
            symbol: 'XAUUSD',
            side: 'sell',
            order_type: 'limit',
            entry: 2400,
            stop_loss: 2420,
            take_profit: 2350,
            risk_percent: 0.5,
          },
        },
      ],
    ],
    ['add NVDA to my watchlist', [{ name: 'add_to_watchlist', args: { symbol: 'NVDA' } }]],
    [
      'Tag trade 0b9c3f1e-4a5d-4c6b-8e7f-1a2b3c4d5e6f as breakout, fomo',
      [{ name: 'tag_trade', args: { trade_id: '0b9c3f1e-4a5d-4c6b-8e7f-1a2b3c4d5e6f', tags: ['breakout', 'fomo'] } }],
    ],
    ['tag my last trade as A+ setup', [{ name: 'tag_trade', args: { tags: ['A+ setup'] } }]],
    [
      'Note in my journal: waited for the London open, no revenge trades',
      [{ name: 'write_journal_note', args: { text: 'waited for the London open, no revenge trades' } }],
    ],
  ];

  it.each(table)('%s', (question, expected) => {
    expect(calls(parseQuestion(question, [], NOW))).toEqual(expected);
  });

  it('reads a chart at the timeframe of its symbol mention (a chart analysis with a question of its own)', () => {
    const mention = { category: 'symbol' as const, option: 'GBPUSD', subOption: '15m' };
    expect(calls(parseQuestion('What do the technicals say?', [mention], NOW))).toEqual([
      { name: 'get_candles', args: { symbol: 'GBPUSD', timeframe: '15m', count: 24 } },
      { name: 'get_chart_readings', args: { symbol: 'GBPUSD', timeframe: '15m' }, optional: true },
    ]);
  });

  it('names an account in words for the analyst to resolve with get_accounts', () => {
    expect(account(parseQuestion('Buy EURUSD with stop 1.0800 on my prop account', [], NOW))).toEqual({
      kind: 'prop',
      name: null,
    });
    expect(account(parseQuestion('How did I do on my Swing account last week?', [], NOW))).toEqual({
      kind: null,
      name: 'Swing',
    });
    expect(account(parseQuestion('prop status', [], NOW))).toEqual({ kind: 'prop', name: null });
    expect(account(parseQuestion('How did I do this week?', [], NOW))).toBeNull();
  });

  it('takes the symbol, account and date range from mentions', () => {
    const mentions: AiMention[] = [
      { category: 'account', option: '7d1f6c0e-1111-4222-8333-944445555666', subOption: null },
      { category: 'date_range', option: '2026-02-02', subOption: '2026-02-06' },
    ];
    const perf = parseQuestion('How did I do?', mentions, NOW);
    expect(calls(perf)).toEqual([
      {
        name: 'get_performance',
        args: {
          account_id: '7d1f6c0e-1111-4222-8333-944445555666',
          group_by: 'none',
          from: '2026-02-02',
          to: '2026-02-06',
        },
      },
    ]);
    expect(account(perf)).toBeNull();
    const rsi = parseQuestion('RSI reading?', [{ category: 'symbol', option: 'usdjpy', subOption: '4h' }], NOW);
    expect(calls(rsi)).toEqual([
      { name: 'get_indicator', args: { symbol: 'USDJPY', indicator: 'rsi', timeframe: '4h' } },
    ]);
  });

  it('does not read everyday words as tickers or months', () => {
    expect(calls(parseQuestion('How much EURUSD may I buy with a 20 pip stop?', [], NOW))[0]?.args).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      stop_pips: 20,
    });
    expect(parseQuestion('what is the weather tomorrow?', [], NOW).kind).toBe('unknown');
    expect(parseQuestion('write me a poem about a cat', [], NOW).kind).toBe('unknown');
    expect(parseQuestion('Will EURUSD go up tomorrow?', [], NOW).kind).toBe('unknown');
  });

  it('asks for what an action lacks instead of guessing it', () => {
    const noStop = parseQuestion('Buy EURUSD on my prop account', [], NOW);
    expect(noStop).toMatchObject({ kind: 'clarify', topic: 'draft_order' });
    expect(noStop.kind === 'clarify' && noStop.message).toMatch(/stop loss/);
    expect(parseQuestion('set an alert on EURUSD', [], NOW)).toMatchObject({ kind: 'clarify', topic: 'create_alert' });
    expect(parseQuestion('tag my trade', [], NOW)).toMatchObject({ kind: 'clarify', topic: 'tag_trade' });
  });

  it('drafts an order given a stop in pips: the stop price comes from the sizing tool first', () => {
    const i = parseQuestion('buy EURUSD with a 20 pip stop', [], NOW);
    expect(calls(i)).toEqual([{ name: 'draft_order', args: { symbol: 'EURUSD', side: 'buy', order_type: 'market' } }]);
    expect(i.kind === 'plan' && i.plan.stopFromPips).toBe(20);
  });

  it('greets with what it can do', () => {
    expect(parseQuestion('hello', [], NOW).kind).toBe('help');
    expect(parseQuestion('What can you do?', [], NOW).kind).toBe('help');
  });
});

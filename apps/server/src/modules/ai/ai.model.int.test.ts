import type { AiAnswer, AiChat, MetricsResponse, TradingAccount } from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { DEMO_USER } from '../demo/demo.seed.js';
import { DEMO_ACCOUNT_NAME } from '../demo/demo.trading.js';
import { users } from '../users/users.table.js';
import { type OpenAiTestServer, startOpenAiTestServer } from './testing/openai-server.js';

/**
 * "With a model configured, the same tools drive it": the operator's OpenAI-compatible provider (the local protocol
 * server) answers the demo user's question by calling get_performance through the real chat route; the tool runs
 * on the user's own trades and the stored answer carries the chart and figures the tool returned.
 */

const clock = createManualClock('2026-03-04T14:07:00Z');
let server: OpenAiTestServer;
let app: FastifyInstance;
let headers: { authorization: string };
let tradingHeaders: { authorization: string };
let zone: string;

type ChatBody = { messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[] };

beforeAll(async () => {
  server = await startOpenAiTestServer({ apiKey: 'sk-operator-test' });
  let database: Awaited<ReturnType<typeof createTestApp>>['database'];
  ({ app, database } = await createTestApp({
    build: { clock },
    config: {
      seedDemo: true,
      ai: {
        provider: {
          baseUrl: server.baseUrl,
          apiKey: 'sk-operator-test',
          model: 'test-model',
          embeddingModel: undefined,
        },
        userKeys: false,
        userPrivateUrls: false,
        keySecret: Buffer.alloc(32, 5).toString('base64'),
        requestTimeoutMs: 5000,
        toolTimeoutMs: 5000,
      },
    },
  }));
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: DEMO_USER.email, password: DEMO_USER.password, return_tokens: true },
  });
  headers = { authorization: `Bearer ${login.json().tokens.accessToken}` };
  tradingHeaders = { authorization: `Bearer ${login.json().tokens.tradingAccessToken}` };
  const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_USER.email));
  zone = demo!.timeZone;
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe('the operator’s model drives the same tools', () => {
  it('calls get_performance on the user’s own data, then answers with the tool’s chart and figures', async () => {
    const { accounts } = (
      await app.inject({ method: 'GET', url: '/api/accounts', headers: tradingHeaders })
    ).json() as { accounts: TradingAccount[] };
    const account = accounts.find((a) => a.name === DEMO_ACCOUNT_NAME)!;
    const metrics = (
      await app.inject({
        method: 'GET',
        url: `/api/trading/metrics/${account.id}?from=2026-03-02&to=2026-03-04&tz=${encodeURIComponent(zone)}`,
        headers: tradingHeaders,
      })
    ).json() as MetricsResponse;
    expect(metrics.overview.count).toBeGreaterThan(0);

    const chat = (await app.inject({ method: 'POST', url: '/api/ai/chats', headers, payload: {} })).json() as AiChat;
    const seen = server.requests.length; // the demo seed's own chats went to the model too
    server.reply(
      {
        toolCalls: [
          {
            id: 'call_perf_1',
            name: 'get_performance',
            arguments: JSON.stringify({ account_id: account.id, period: 'this_week' }),
          },
        ],
      },
      {
        text: [
          'This week you made ',
          `${metrics.overview.net} ${metrics.currency} `,
          `over ${metrics.overview.count} trades.`,
        ],
      },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/ai/chats/${chat.id}/messages`,
      headers,
      payload: { content: 'How did I do this week?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as AiAnswer;

    const rounds = server.requests.slice(seen).filter((r) => r.path === '/v1/chat/completions');
    expect(rounds).toHaveLength(2);
    // round 1 offered the registry's tools; round 2 carried the tool's result on the user's own trades
    const first = rounds[0]!.body as ChatBody;
    expect(JSON.stringify(first.tools)).toContain('get_performance');
    const toolMessage = (rounds[1]!.body as ChatBody).messages.find((m) => m.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_perf_1');
    const result = JSON.parse(toolMessage!.content!) as { data: { figures: { net: number; trades: number } } };
    expect(result.data.figures).toMatchObject({ net: metrics.overview.net, trades: metrics.overview.count });

    expect(answer.model).toMatchObject({ builtIn: false, label: 'test-model' });
    expect(answer.text).toBe(
      `This week you made ${metrics.overview.net} ${metrics.currency} over ${metrics.overview.count} trades.`,
    );
    expect(answer.chart_type).toBe('equity');
    expect(answer.json_answer?.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: expect.any(Number) })]),
    );
    expect(answer.Currency_symbol).toBe(metrics.currency);
    expect(answer.Date_interval).toEqual({ start_date: '2026-03-02', end_date: '2026-03-04' });
    expect(answer.redirect_to).toContain(`/metrics?account=${account.id}`);
    expect(answer.steps).toEqual(
      expect.arrayContaining([expect.objectContaining({ tool: 'get_performance', status: 'done' })]),
    );
    expect(answer.sources.some((s) => s.kind === 'metrics')).toBe(true);
  });
});

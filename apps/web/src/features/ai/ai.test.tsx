import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AI_TIMEOUTS, type AiAction, type AiAnswer, type AiStreamEvent } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { toast } from '../../shared/toast/toast';
import { prefillOf } from '../trading/chart-trading-panel';
import { applyPrefill, defaultTicketValues } from '../trading/order-ticket/ticket-model';
import { AiScreen } from './ai-page';
import { aiParamsOf, aiViewOf, defaultAiView, insightQuestion } from './ai-url';
import { mentionInputs } from './ai-wire';
import { chartRows } from './components/answer-chart';
import { selectionAfterToggle } from './components/chat-sidebar';
import { citationParts, fillPrompt, matchingCommands, promptVariables, slashQuery } from './prompt-text';
import { readSse, toStreamEvent } from './sse';

// jsdom draws no SVG: the metrics plots stand in as labelled images listing their bars.
vi.mock('../metrics/metrics-charts', () => ({
  BucketBars: (props: { bars: Array<{ label: string; text: string }>; label: string }) => (
    <div role="img" aria-label={props.label}>
      {props.bars.map((b) => `${b.label}: ${b.text}`).join('; ')}
    </div>
  ),
  EquityCurves: (props: { label: string; rows: unknown[] }) => (
    <div role="img" aria-label={props.label}>
      {props.rows.length} points
    </div>
  ),
}));

const CHAT = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const ACTION = '33333333-3333-4333-8333-333333333333';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const m of readSse(stream)) out.push(m);
  return out;
}

function answer(overrides: Partial<AiAnswer> = {}): AiAnswer {
  return {
    text: 'This week you made **+412.50 USD** over 6 trades, win rate 66.7% [1].',
    isUser: false,
    chart_type: 'equity',
    json_answer: {
      rows: [
        { time: '2026-03-02T10:00:00.000Z', value: 10_100 },
        { time: '2026-03-03T10:00:00.000Z', value: 10_412.5 },
      ],
    },
    Currency_symbol: 'USD',
    symbol: null,
    Date_interval: { start_date: '2026-03-02', end_date: '2026-03-08' },
    event_ids: [],
    news_ids: [],
    Button: { label: 'Open metrics' },
    redirect_to: '/metrics?range=week',
    A: 'How did I do by day of week this week?',
    B: 'What is my prop status?',
    chat_id: CHAT,
    response_id: 'r2',
    branches: [],
    screenshotTool: false,
    isDeepAnalysis: false,
    deepResearchData: null,
    sources: [
      { n: 1, kind: 'metrics', title: 'Metrics: this week', excerpt: '6 trades, net +412.50 USD', url: '/metrics' },
    ],
    actions: [],
    steps: [{ id: 's1', kind: 'tool', title: 'Read your performance', tool: 'get_performance', status: 'done' }],
    model: { id: 'built-in', label: 'Built-in analyst', builtIn: true },
    mentions: [],
    media: [],
    feedback: null,
    createdAt: '2026-03-06T12:00:00.000Z',
    ...overrides,
  };
}

function chatInfo(title: string) {
  return {
    id: CHAT,
    title,
    pinned: false,
    archived: false,
    folderId: null,
    agentId: null,
    share: null,
    createdAt: '',
    updatedAt: '',
  };
}

function userEntry(text: string, id = 'r1'): AiAnswer {
  return {
    ...answer(),
    text,
    isUser: true,
    response_id: id,
    chart_type: null,
    json_answer: null,
    sources: [],
    steps: [],
  };
}

const sse = (events: AiStreamEvent[]) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');

type Route = (req: { method: string; path: string; body: unknown }) => Response | undefined;

/** fetch at the network edge: JSON routes, and stream routes answering text/event-stream. */
function network(routes: Record<string, unknown | ((body: unknown) => Response | unknown)>, extra?: Route) {
  const calls: { method: string; path: string; body: unknown; query: string }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const path = url.pathname.replace(/^\/api/, '');
    const text =
      typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '';
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method, path, body, query: url.search });
    const fromExtra = extra?.({ method, path, body });
    if (fromExtra) return fromExtra;
    const route = routes[`${method} ${path}`];
    if (route === undefined)
      return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const value = typeof route === 'function' ? (route as (b: unknown) => unknown)(body) : route;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const eventStream = (events: AiStreamEvent[]) =>
  new Response(streamOf([sse(events)]), { status: 200, headers: { 'content-type': 'text/event-stream' } });

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}
const address = () => document.querySelector('output[aria-label="address"]')?.textContent ?? '';

function renderScreen(url = '/ai') {
  const router = createMemoryRouter(
    [
      {
        path: '/ai/*',
        element: (
          <>
            <AiScreen />
            <Address />
          </>
        ),
      },
      { path: '/chart', element: <Address /> },
      { path: '*', element: <Address /> },
    ],
    { initialEntries: [url] },
  );
  return renderWithStore(<RouterProvider router={router} />);
}

const baseRoutes = {
  'GET /customer/configuration': new Response(null, { status: 404 }),
  'GET /ai/chats': () => ({ chats: [], total: 0 }),
  'GET /ai/folders': { folders: [] },
  'GET /ai/prompts': { prompts: [] },
  'GET /ai/agents': { agents: [] },
  'GET /ai/usage': { day: '2026-03-06', messages: { used: 3, limit: 200 }, tokens: { used: 1200, limit: 200000 } },
  'GET /ai/sanity-prompts': { prompts: [{ id: 'p1', category: 'performance', text: 'How did I do this week?' }] },
  'GET /ai/sanity-prompts/categories': { categories: [{ id: 'performance', name: 'Performance' }] },
  'GET /accounts': () => ({ accounts: [] }),
  'GET /strategies': () => ({ items: [], total: 0 }),
  'GET /ai/insights': {
    tab: 'performance',
    chart_type: null,
    json_answer: null,
    Currency_symbol: null,
    Date_interval: null,
    summary: 'No closed trades this week.',
  },
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('reading the stream', () => {
  it('reads events split anywhere across chunks, with CRLF, comments and multi-line data', async () => {
    const text =
      ': keep-alive\r\nevent: delta\r\ndata: {"type":"delta","text":"Hé"}\r\n\r\nevent: step\ndata: {"a":\ndata: 1}\n\n';
    const chunks = [text.slice(0, 7), text.slice(7, 31), text.slice(31, 48), text.slice(48)];
    const messages = await collect(streamOf(chunks));
    expect(messages).toEqual([
      { event: 'delta', data: '{"type":"delta","text":"Hé"}' },
      { event: 'step', data: '{"a":\n1}' },
    ]);
    expect(toStreamEvent(messages[0] as never)).toEqual({ type: 'delta', text: 'Hé' });
    // typed by the event name when the data has none; unknown or unreadable events are skipped
    expect(toStreamEvent({ event: 'delta', data: '{"text":"x"}' })).toEqual({ type: 'delta', text: 'x' });
    expect(toStreamEvent({ event: 'bogus', data: '{}' })).toBeNull();
    expect(toStreamEvent({ event: 'delta', data: 'not json' })).toBeNull();
  });

  it('keeps the last event when the stream ends without a blank line', async () => {
    expect(await collect(streamOf(['data: {"type":"delta","text":"a"}']))).toEqual([
      { event: 'message', data: '{"type":"delta","text":"a"}' },
    ]);
  });
});

describe('prompts, mentions and citations', () => {
  it('finds and fills {{variables}}, leaving unfilled ones as written', () => {
    const p = 'Check {{symbol}} on {{ timeframe }} with a {{symbol}} stop of {{pips}} pips';
    expect(promptVariables(p)).toEqual(['symbol', 'timeframe', 'pips']);
    expect(fillPrompt(p, { symbol: 'EURUSD', timeframe: '1h', pips: ' ' })).toBe(
      'Check EURUSD on 1h with a EURUSD stop of {{pips}} pips',
    );
  });

  it('sends mentions as the server takes them: sub_option only when there is one', () => {
    expect(
      mentionInputs([
        { category: 'symbol', option: 'EURUSD', subOption: null },
        { category: 'date_range', option: '2026-03-01', subOption: '2026-03-06' },
      ]),
    ).toEqual([
      { category: 'symbol', option: 'EURUSD' },
      { category: 'date_range', option: '2026-03-01', subOption: '2026-03-06' },
    ]);
  });

  it('matches slash commands only while the first word is typed', () => {
    const at = { variables: [], createdAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' };
    const prompts = [
      { id: '1', name: 'Risk check', prompt: 'x', folderId: null, command: 'risk', ...at },
      { id: '2', name: 'Review', prompt: 'y', folderId: null, command: null, ...at },
      { id: '3', name: 'News', prompt: 'z', folderId: null, command: 'news', ...at },
    ];
    expect(slashQuery('/ri')).toBe('ri');
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/risk now')).toBeNull();
    expect(slashQuery('risk')).toBeNull();
    expect(matchingCommands(prompts, 'r').map((p) => p.id)).toEqual(['1', '2']);
    expect(matchingCommands(prompts, '').map((p) => p.id)).toEqual(['3', '1', '2']);
  });

  it('splits text at its [n] citations', () => {
    expect(citationParts('Net +10 [1], win rate [2].')).toEqual(['Net +10 ', 1, ', win rate ', 2, '.']);
  });

  it('reads chart rows from json_answer', () => {
    expect(
      chartRows({
        rows: [
          { label: 'Mon', value: 12.5, count: 2 },
          { label: 'Bad', value: 'x' },
        ],
      }),
    ).toEqual([{ label: 'Mon', value: 12.5, count: 2, time: null }]);
    expect(chartRows({ points: [{ symbol: 'EURUSD', net: -3, trades: 1 }] })).toEqual([
      { label: 'EURUSD', value: -3, count: 1, time: null },
    ]);
    // equity rows keep the balance and the engine's drawdown, so the chart agrees with the text's figures
    const t = '2026-03-02T10:00:00.000Z';
    expect(chartRows({ rows: [{ time: t, value: 9_900, balance: 9_950, drawdown: 100 }] })).toEqual([
      { label: t, value: 9_900, count: 0, time: t, balance: 9_950, drawdown: 100 },
    ]);
  });
});

describe('the screen address', () => {
  it('leaves defaults out and falls back on unknown values', () => {
    expect(aiViewOf(new URLSearchParams(''))).toEqual(defaultAiView);
    expect(defaultAiView).toMatchObject({ agent: 'ai_agent', insight: 'performance' });
    const view = aiViewOf(new URLSearchParams('chat=c1&insight=time_analysis&period=last_month&agent=ag1&x=1'));
    expect(aiParamsOf(view).toString()).toBe('chat=c1&agent=ag1&insight=time_analysis&period=last_month');
    expect(aiViewOf(new URLSearchParams('insight=nope&period=never'))).toEqual(defaultAiView);
    expect(insightQuestion('time_analysis', 'this_week')).toBe('How did I do by day of week this week?');
    expect(insightQuestion('performance', 'all')).toBe('How did I do overall?');
  });

  it('turning selection mode off clears the selection', () => {
    expect([...selectionAfterToggle(true, new Set(['a']))]).toEqual(['a']);
    expect(selectionAfterToggle(false, new Set(['a', 'b'])).size).toBe(0);
  });
});

describe('order ticket prefill from a drafted order', () => {
  it('reads side, lots, stops as prices and a pending entry from the address', () => {
    const prefill = prefillOf(new URLSearchParams('ticket=buy&volume=0.35&sl=1.0812&tp=1.0950&account=a1'), 7);
    expect(prefill).toEqual({
      side: 'buy',
      type: 'market',
      nonce: 7,
      volume: '0.35',
      stopLoss: '1.0812',
      takeProfit: '1.0950',
    });
    const values = applyPrefill(defaultTicketValues(), prefill as never);
    expect(values).toMatchObject({
      side: 'buy',
      type: 'market',
      sizeMode: 'lots',
      lots: '0.35',
      stopLoss: { value: '1.0812', lock: 'price' },
      takeProfit: { value: '1.0950', lock: 'price' },
    });
    const limit = applyPrefill(defaultTicketValues(), { side: 'sell', type: 'limit', entry: '1.1', volume: 'lots' });
    expect(limit).toMatchObject({ side: 'sell', type: 'limit', limitPrice: '1.1', lots: '1' });
    expect(prefillOf(new URLSearchParams('volume=1'), 1)).toBeNull();
  });
});

describe('the AI screen', () => {
  it('deep search sends the question to POST /ai/research and shows the plan as it runs, with Cancel', async () => {
    const research = {
      id: 'res1',
      status: 'running' as const,
      question: 'Review my risk',
      plan: [
        { id: 'p1', title: 'Read your performance', status: 'done' as const },
        { id: 'p2', title: 'Read your prop rules', status: 'running' as const },
        { id: 'p3', title: 'Look up your documents', status: 'pending' as const },
      ],
      report: null,
      sources: [],
      startedAt: '2026-03-06T12:00:00.000Z',
      finishedAt: null,
    };
    const calls = network({
      ...baseRoutes,
      'POST /ai/research': () => eventStream([{ type: 'research', research }]),
    });
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Ask about your trading' }), 'Review my risk');
    await user.click(screen.getByRole('switch', { name: 'Deep search' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const thought = screen.getByRole('region', { name: 'Thought panel' });
    expect(await within(thought).findByText('Deep research: Review my risk')).toBeInTheDocument();
    expect(thought).toHaveTextContent('1 of 3 steps done');
    expect(within(thought).getByRole('button', { name: 'Cancel research' })).toBeInTheDocument();
    // no chat is made first: the research route makes it (a chat of its own when none is given)
    expect(calls.find((c) => c.path === '/ai/research')?.body).toEqual({
      question: 'Review my risk',
      mentions: [],
      media_ids: [],
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/ai/chats')).toBe(false);
  });

  it('a new agent chat shows its question as the title and the live answer while the stored chat is read', async () => {
    const AGENT = '44444444-4444-4444-8444-444444444444';
    network(
      {
        ...baseRoutes,
        [`GET /ai/agents/${AGENT}`]: { id: AGENT, name: 'Rules coach' },
        [`POST /ai/agents/${AGENT}/chat`]: () =>
          eventStream([
            { type: 'start', chat_id: CHAT, response_id: 'r2', model: answer().model },
            { type: 'answer', answer: answer({ text: 'Risk at most 1% a trade.' }) },
          ]),
      },
      // the stored chat is slow to come (a busy database): it never answers here
      ({ method, path }) =>
        method === 'GET' && path === `/ai/chats/${CHAT}` ? (new Promise(() => {}) as unknown as Response) : undefined,
    );
    renderScreen(`/ai?agent=${AGENT}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Ask about your trading' }), 'How much may I risk?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const card = await screen.findByRole('article', { name: 'Assistant answer' });
    expect(card).toHaveTextContent('Risk at most 1% a trade.');
    await waitFor(() => expect(address()).toContain(`chat=${CHAT}`));
    expect(screen.getByRole('heading', { name: 'How much may I risk?', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Loading the chat/ })).toBeNull();
  });

  it("an agent opened by address gets its tab, and its chat goes to the agent's chat route", async () => {
    const AGENT = '44444444-4444-4444-8444-444444444444';
    const calls = network({
      ...baseRoutes,
      [`GET /ai/agents/${AGENT}`]: { id: AGENT, name: 'Rules coach' },
      [`POST /ai/agents/${AGENT}/chat`]: () =>
        eventStream([{ type: 'answer', answer: answer({ text: 'Risk at most 1% a trade [1].' }) }]),
      [`GET /ai/chats/${CHAT}`]: () => ({ chat: chatInfo('Risk'), messages: [] }),
    });
    renderScreen(`/ai?agent=${AGENT}`);
    expect(await screen.findByRole('tab', { name: 'Rules coach', selected: true })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Ask about your trading' }), 'How much may I risk?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/ai/agents/${AGENT}/chat`)).toBe(true));
    expect(calls.find((c) => c.path === `/ai/agents/${AGENT}/chat`)?.body).toEqual({
      content: 'How much may I risk?',
      mentions: [],
      media_ids: [],
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/ai/chats')).toBe(false);
  });

  it('asks a question: streams the steps and text, then shows the answer with its figures, chart, sources and model', async () => {
    let chat = { chat: chatInfo('How did I do this week?'), messages: [] as AiAnswer[] };
    const calls = network({
      ...baseRoutes,
      'POST /ai/chats': () => chat.chat,
      [`GET /ai/chats/${CHAT}`]: () => chat,
      [`POST /ai/chats/${CHAT}/stream`]: () => {
        const final = answer();
        chat = { ...chat, messages: [userEntry('How did I do this week?'), final] };
        return eventStream([
          { type: 'start', chat_id: CHAT, response_id: 'r2', model: final.model },
          {
            type: 'step',
            step: {
              id: 's1',
              kind: 'tool',
              title: 'Read your performance',
              tool: 'get_performance',
              status: 'running',
            },
          },
          { type: 'delta', text: 'This week ' },
          { type: 'answer', answer: final },
        ]);
      },
    });
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Ask about your trading' }), 'How did I do this week?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const card = await screen.findByRole('article', { name: 'Assistant answer' });
    expect(card).toHaveTextContent('+412.50 USD');
    expect(card).toHaveTextContent('Built-in analyst');
    expect(await within(card).findByRole('img', { name: 'Equity curve' })).toHaveTextContent('2 points');
    expect(within(card).getByRole('link', { name: 'Source 1' })).toHaveAttribute('href', '#ai-source-r2-1');
    expect(within(card).getByRole('link', { name: 'Open metrics' })).toHaveAttribute('href', '/metrics?range=week');
    const links = screen.getByRole('region', { name: 'Link panel' });
    expect(links).toHaveTextContent('Metrics: this week');
    expect(screen.getByRole('region', { name: 'Thought panel' })).toHaveTextContent('Read your performance');

    const sent = calls.find((c) => c.path === `/ai/chats/${CHAT}/stream`);
    expect(sent?.body).toEqual({ content: 'How did I do this week?', mentions: [], media_ids: [] });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/ai/chats')?.body).toEqual({
      title: 'How did I do this week?',
    });
    await waitFor(() => expect(address()).toBe(`/ai?chat=${CHAT}`));
    // the stored chat replaces the live turn: the question and the answer once each
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Assistant answer' })).toHaveLength(1));
    expect(screen.getAllByRole('article', { name: 'Your message' })).toHaveLength(1);
  });

  it('ends an answer that takes longer than the spec’s 5 minutes with a message and Retry, keeping what arrived', async () => {
    let chat = { chat: chatInfo('How did I do this week?'), messages: [] as AiAnswer[] };
    let streams = 0;
    const encoder = new TextEncoder();
    network({
      ...baseRoutes,
      'POST /ai/chats': () => chat.chat,
      [`GET /ai/chats/${CHAT}`]: () => chat,
      [`POST /ai/chats/${CHAT}/stream`]: () => {
        streams += 1;
        if (streams === 1) {
          // the first try starts writing, then the model goes quiet and the stream stays open
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(
                encoder.encode(
                  sse([
                    { type: 'start', chat_id: CHAT, response_id: 'r2', model: answer().model },
                    { type: 'delta', text: 'This week you traded 6 times' },
                  ]),
                ),
              );
            },
          });
          return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        const final = answer();
        chat = { ...chat, messages: [userEntry('How did I do this week?'), final] };
        return eventStream([{ type: 'answer', answer: final }]);
      },
    });
    renderScreen();
    const box = await screen.findByRole('textbox', { name: 'Ask about your trading' });
    fireEvent.change(box, { target: { value: 'How did I do this week?' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByRole('article', { name: 'Answer being written' })).toHaveTextContent(
        'This week you traded 6 times',
      );
      // just inside the limit the answer is still awaited
      await act(async () => {
        await vi.advanceTimersByTimeAsync(AI_TIMEOUTS.turnMs - 2000);
      });
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The answer took longer than 5 minutes and was stopped.');
    expect(screen.getByRole('article', { name: 'Partial answer' })).toHaveTextContent('This week you traded 6 times');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Assistant answer' })).toHaveTextContent('+412.50 USD');
    expect(streams).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an insight tab loads its chart when it opens, keeps it per tab, and reads it again on Refresh', async () => {
    const byDay = {
      tab: 'time_analysis',
      chart_type: 'day_of_week',
      json_answer: {
        rows: [
          { label: 'Mon', value: 120, count: 2 },
          { label: 'Tue', value: -40, count: 1 },
        ],
      },
      Currency_symbol: 'USD',
      Date_interval: { start_date: '2026-02-01', end_date: '2026-02-28' },
      summary: 'By day of week',
    };
    const byHour = { ...byDay, tab: 'time', chart_type: 'time', json_answer: { rows: [{ label: '09', value: 80 }] } };
    const withAccount = { 'GET /accounts': () => ({ accounts: [{ id: ACCOUNT, name: 'Practice', currency: 'USD' }] }) };
    const calls = network({ ...baseRoutes, ...withAccount }, ({ method, path }) => {
      if (method !== 'GET' || path !== '/ai/insights') return undefined;
      const asked = calls.at(-1)?.query ?? '';
      const body = asked.includes('tab=time_analysis') ? byDay : byHour;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const insightCalls = () => calls.filter((c) => c.path === '/ai/insights').map((c) => c.query);
    renderScreen('/ai?insight=time_analysis&period=last_month');
    const panel = await screen.findByRole('region', { name: 'Insights' });
    // no click: the tab's chart is read as it opens
    expect(await within(panel).findByRole('img', { name: 'Profit and loss by day of week' })).toHaveTextContent('Mon');
    expect(panel).toHaveTextContent('2026-02-01 to 2026-02-28');
    expect(insightCalls()).toEqual(['?tab=time_analysis&period=last_month']);

    fireEvent.click(within(panel).getByRole('tab', { name: 'Time' }));
    expect(await within(panel).findByRole('img', { name: 'Profit and loss by hour' })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Day of week' }));
    // the tab seen before shows at once, from the cache
    expect(within(panel).getByRole('img', { name: 'Profit and loss by day of week' })).toBeInTheDocument();
    expect(insightCalls()).toHaveLength(2);

    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(insightCalls()).toHaveLength(3));
    expect(insightCalls()[2]).toBe('?tab=time_analysis&period=last_month');
    // reading an insight sends nothing to the chat
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('with no trading account, the insight panel says so in place and raises no error', async () => {
    const shown = vi.spyOn(toast, 'show');
    network({
      ...baseRoutes,
      'GET /ai/insights': new Response(
        JSON.stringify({ code: 'AI_NO_ACCOUNT', message: 'You have no trading account yet: open one.' }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    });
    renderScreen('/ai?insight=performance');
    const panel = await screen.findByRole('region', { name: 'Insights' });
    expect(
      await within(panel).findByText(/You have no trading account yet: open one on the Accounts screen/),
    ).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('could not be read');
    expect(shown).not.toHaveBeenCalled();
  });

  it('confirms a drafted order: the ticket opens prefilled, nothing is sent from the chat', async () => {
    const action: AiAction = {
      id: ACTION,
      kind: 'draft_order',
      status: 'proposed',
      summary: 'Buy 0.35 EURUSD on Prop 10k with a stop at 1.0812 (risk 1%, within the 312.00 USD left today).',
      params: {
        symbol: 'EURUSD',
        side: 'buy',
        volume: 0.35,
        stop_loss: 1.0812,
        risk_percent: 1,
        money_at_risk: 312,
        currency: 'USD',
        bound_by: 'daily_loss',
      },
      fromContent: false,
      result: null,
      redirectTo: `/chart?symbol=EURUSD&ticket=buy&volume=0.35&sl=1.0812&account=${ACCOUNT}`,
      createdAt: '2026-03-06T12:00:00.000Z',
    };
    const chat = {
      chat: chatInfo('Pre-trade check'),
      messages: [
        userEntry('Buy EURUSD with stop 1.0812 on my prop account'),
        answer({
          text: 'Here is the order, sized within your rules.',
          actions: [action],
          chart_type: null,
          json_answer: null,
        }),
      ],
    };
    const calls = network({
      ...baseRoutes,
      [`GET /ai/chats/${CHAT}`]: chat,
      [`POST /ai/actions/${ACTION}/confirm`]: { ...action, status: 'confirmed', result: { opened: true } },
    });
    renderScreen(`/ai?chat=${CHAT}`);
    const card = await screen.findByRole('region', { name: 'Proposed action: Draft an order' });
    expect(card).toHaveTextContent('Waiting for your confirmation: nothing has happened yet.');
    // the parameters in words: labels, the side, the currency beside the money, what limits the size
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Symbol: 'EURUSD',
      Side: 'Buy',
      'Volume (lots)': '0.35',
      'Stop loss': '1.0812',
      'Risk (% of equity)': '1 %',
      'Money at risk': '312 USD',
      'Size limited by': 'the daily loss left today',
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Open in order ticket' }));
    await waitFor(() => expect(address()).toBe(action.redirectTo));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.path)).toEqual([`/ai/actions/${ACTION}/confirm`]);
  });

  it('redo removes the answer and puts the previous message back into the composer', async () => {
    const chat = { chat: chatInfo('Week'), messages: [userEntry('How did I do last week?'), answer()] };
    network({
      ...baseRoutes,
      [`GET /ai/chats/${CHAT}`]: chat,
      [`POST /ai/chats/${CHAT}/redo`]: { content: 'How did I do last week?', mentions: [], media: [] },
    });
    renderScreen(`/ai?chat=${CHAT}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Redo' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ask about your trading' })).toHaveValue('How did I do last week?'),
    );
  });

  it('shows the daily limit (423) in the words of the spec', async () => {
    const message = 'Feature limit reached: your daily AI assistant allowance is used up.';
    network({
      ...baseRoutes,
      'POST /ai/chats': chatInfo('t'),
      [`GET /ai/chats/${CHAT}`]: { chat: chatInfo('t'), messages: [] },
      [`POST /ai/chats/${CHAT}/stream`]: new Response(
        JSON.stringify({ statusCode: 423, code: 'AI_LIMIT_REACHED', message }),
        {
          status: 423,
          headers: { 'content-type': 'application/json' },
        },
      ),
    });
    renderScreen();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Ask about your trading' }), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('never adds the same mention twice', async () => {
    network(baseRoutes);
    renderScreen();
    const user = userEvent.setup();
    for (let i = 0; i < 2; i += 1) {
      await user.click(await screen.findByRole('button', { name: /^Mention/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Mention' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Symbol' }), 'eurusd');
      await user.click(within(dialog).getByRole('button', { name: 'Add mention' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mention' })).not.toBeInTheDocument());
    }
    const attached = screen.getByLabelText('Attached');
    expect(within(attached).getAllByRole('button')).toHaveLength(1);
    expect(attached).toHaveTextContent('EURUSD');
  });

  it('edits a folder, and deletes it after asking: its chats stay', async () => {
    const folder = {
      id: 'f1',
      name: 'Pre-trade checks',
      color: '#8861E4',
      type: 'CHAT',
      instructions: 'Be brief.',
      knowledgeMediaIds: [],
      chats: 2,
      prompts: 1,
      createdAt: '',
      updatedAt: '',
    };
    const calls = network({
      ...baseRoutes,
      'GET /ai/folders': { folders: [folder] },
      'PUT /ai/folders/f1': (body: unknown) => ({ ...folder, ...(body as object) }),
      'DELETE /ai/folders/f1': new Response(null, { status: 204 }),
    });
    renderScreen();
    const nav = await screen.findByRole('navigation', { name: 'Chats' });
    await userEvent.click(await within(nav).findByRole('button', { name: /Pre-trade checks/ }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Edit folder Pre-trade checks' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit folder' });
    expect(within(dialog).getByRole('textbox', { name: /Instructions/ })).toHaveValue('Be brief.');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Checks');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Colour #00DF80' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save folder' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Checks',
        color: '#00DF80',
        type: 'CHAT',
        instructions: 'Be brief.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit folder' })).toBeNull());

    await userEvent.click(within(nav).getByRole('button', { name: /^Edit folder/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit folder' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    const confirm = await screen.findByRole('dialog', { name: /^Delete the folder/ });
    expect(confirm).toHaveTextContent('Its chats and prompts are kept');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/ai/folders/f1')).toBe(true));
  });

  it('deletes a prompt from the library, and Undo saves it again', async () => {
    const prompt = {
      id: 'p1',
      name: 'Pre-trade',
      prompt: 'Check {{symbol}} against my rules.',
      folderId: null,
      command: 'pretrade',
      variables: ['symbol'],
      createdAt: '',
      updatedAt: '',
    };
    const success = vi.spyOn(toast, 'success');
    const calls = network({
      ...baseRoutes,
      'GET /ai/prompts': { prompts: [prompt] },
      'DELETE /ai/prompts/p1': new Response(null, { status: 204 }),
      'POST /ai/prompts': (body: unknown) => ({ ...prompt, ...(body as object), id: 'p2' }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Prompt library' }));
    const library = await screen.findByRole('dialog', { name: 'Prompt library' });
    await userEvent.click(await within(library).findByRole('button', { name: 'Delete prompt Pre-trade' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/ai/prompts/p1')).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalled());
    const [message, options] = success.mock.calls[0] ?? [];
    expect(message).toBe('Prompt “Pre-trade” deleted.');
    act(() => options?.action?.onClick?.());
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/ai/prompts')?.body).toEqual({
        name: 'Pre-trade',
        prompt: 'Check {{symbol}} against my rules.',
        command: 'pretrade',
        folder_id: null,
      }),
    );
  });

  it('selection mode: turning it off clears the selected chats; bulk delete asks first', async () => {
    const chats = ['Alpha', 'Beta'].map((title, i) => ({
      id: `c${i}`,
      title,
      pinned: i === 1,
      archived: false,
      folderId: null,
      agentId: null,
      createdAt: '',
      updatedAt: '',
    }));
    const calls = network({
      ...baseRoutes,
      'GET /ai/chats': { chats, total: 2 },
      'POST /ai/chats/bulk-delete': new Response(null, { status: 204 }),
    });
    renderScreen();
    const nav = await screen.findByRole('navigation', { name: 'Chats' });
    const list = await within(nav).findByRole('list', { name: 'Chat list' });
    // pinned first
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Beta'));
    const select = within(nav).getByRole('switch', { name: 'Select' });
    await userEvent.click(select);
    await userEvent.click(within(nav).getByRole('checkbox', { name: 'Select Alpha' }));
    expect(within(nav).getByRole('button', { name: 'Delete selected (1)' })).toBeEnabled();
    await userEvent.click(select);
    await userEvent.click(select);
    expect(within(nav).getByRole('checkbox', { name: 'Select Alpha' })).not.toBeChecked();
    await userEvent.click(within(nav).getByRole('checkbox', { name: 'Select Beta' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Delete selected (1)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 1 chat?' });
    expect(calls.some((c) => c.path === '/ai/chats/bulk-delete')).toBe(false);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete chats' }));
    });
    await waitFor(() => expect(calls.find((c) => c.path === '/ai/chats/bulk-delete')?.body).toEqual({ ids: ['c1'] }));
  });
});

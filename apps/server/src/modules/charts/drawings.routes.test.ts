import type { Chart, Drawing } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { createChartsRepository } from './charts.repository.js';
import { createDrawingsRepository } from './drawings.repository.js';
import { createDrawingsService } from './drawings.service.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let chart: Chart;
const clock = createManualClock('2026-03-02T09:30:00Z');
const t0 = 1_772_000_000;

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
  chart = (await call(ada, 'POST', '/charts', {})).json() as Chart;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: SignedInUser | null, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const trend = (chartId: string) => ({
  chart_id: chartId,
  tool: 'trend_line',
  points: [
    { time: t0, price: 1.08 },
    { time: t0 + 3600, price: 1.09 },
  ],
  style: { color: '#2962FF', line_width: 2, line_style: 'dashed', extend_right: true },
});
const longPosition = (chartId: string) => ({
  chart_id: chartId,
  tool: 'long_position',
  points: [
    { time: t0, price: 1.08 },
    { time: t0 + 7200, price: 1.075 },
    { time: t0 + 7200, price: 1.09 },
  ],
  style: { fill_color: '#00DF8033', show_labels: true },
});

describe('/drawings', () => {
  it('saves drawings per chart and symbol, with the model’s camelCase style in answers', async () => {
    const created = await call(ada, 'POST', '/drawings', trend(chart.id));
    expect(created.statusCode, created.body).toBe(201);
    const drawing = created.json() as Drawing;
    expect(drawing).toMatchObject({
      chartId: chart.id,
      symbol: 'EURUSD',
      tool: 'trend_line',
      style: { color: '#2962FF', lineWidth: 2, lineStyle: 'dashed', extendRight: true },
      locked: false,
      hidden: false,
    });
    expect(drawing).not.toHaveProperty('text');
    expect((await call(ada, 'POST', '/drawings', longPosition(chart.id))).statusCode).toBe(201);
    const onGbp = await call(ada, 'POST', '/drawings', { ...trend(chart.id), symbol: 'GBPUSD' });
    expect(onGbp.json()).toMatchObject({ symbol: 'GBPUSD' });

    const list = (await call(ada, 'GET', `/drawings?chart_id=${chart.id}`)).json() as { drawings: Drawing[] };
    expect(list.drawings.map((d) => d.tool)).toEqual(['trend_line', 'long_position']);
    const gbp = (await call(ada, 'GET', `/drawings?chart_id=${chart.id}&symbol=GBPUSD`)).json() as {
      drawings: Drawing[];
    };
    expect(gbp.drawings).toHaveLength(1);
    expect((await call(ada, 'GET', `/drawings/${drawing.id}`)).json()).toEqual(drawing);
  });

  it('replaces a drawing (moved, restyled, locked) and deletes it', async () => {
    const drawing = (await call(ada, 'POST', '/drawings', trend(chart.id))).json() as Drawing;
    clock.advance(5000);
    const moved = await call(ada, 'PUT', `/drawings/${drawing.id}`, {
      tool: 'trend_line',
      points: [
        { time: t0 + 900, price: 1.081 },
        { time: t0 + 4500, price: 1.091 },
      ],
      style: { color: '#FF0000' },
      locked: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      points: [{ time: t0 + 900 }, { time: t0 + 4500 }],
      style: { color: '#FF0000' },
      locked: true,
      updatedAt: clock.now().toISOString(),
      createdAt: drawing.createdAt,
    });
    expect((await call(ada, 'DELETE', `/drawings/${drawing.id}`)).json()).toEqual({ ok: true });
    expect((await call(ada, 'GET', `/drawings/${drawing.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another user’s drawing and chart, and changes nothing', async () => {
    const drawing = (await call(ada, 'POST', '/drawings', trend(chart.id))).json() as Drawing;
    for (const [method, url, body] of [
      ['GET', `/drawings/${drawing.id}`],
      ['PUT', `/drawings/${drawing.id}`, { tool: 'horizontal_line', points: [{ time: t0, price: 1 }] }],
      ['DELETE', `/drawings/${drawing.id}`],
    ] as Array<[Method, string, unknown?]>) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('DRAWING_NOT_FOUND');
    }
    const list = await call(bob, 'GET', `/drawings?chart_id=${chart.id}`);
    expectFieldError(list, { status: 404, code: 'CHART_NOT_FOUND', field: 'chart_id' });
    expectFieldError(await call(bob, 'POST', '/drawings', trend(chart.id)), {
      status: 404,
      code: 'CHART_NOT_FOUND',
      field: 'chart_id',
      message: 'No chart of yours has the id given in chart_id.',
    });
    expect((await call(ada, 'GET', `/drawings/${drawing.id}`)).json()).toEqual(drawing);
  });

  it.each([
    [
      'a tool with the wrong number of points',
      { tool: 'rectangle', points: [{ time: t0, price: 1 }] },
      'points',
      'A rectangle has exactly 2 points.',
    ],
    [
      'a long position with its stop above the entry',
      {
        ...longPosition(''),
        points: [
          { time: t0, price: 1 },
          { time: t0, price: 1.1 },
          { time: t0, price: 1.2 },
        ],
      },
      'points',
      'A long position has its stop below the entry and its target above it.',
    ],
    ['an unknown tool', { tool: 'laser' }, 'tool', /^Tool must be one of trend_line/],
    ['a bad colour', { style: { color: 'blue' } }, 'style.color', /^Colour must be a hex colour/],
    ['an unknown style key', { style: { glow: 2 } }, 'style.glow', 'glow is not a known field.'],
    ['a line too wide', { style: { line_width: 40 } }, 'style.line_width', 'Line width must be at most 10 pixels.'],
    [
      'a time before 1970',
      {
        points: [
          { time: -1, price: 1 },
          { time: t0, price: 1 },
        ],
      },
      'points.0.time',
      /^Time must not be before 1970/,
    ],
    ['neither chart_id nor symbol', { chart_id: undefined }, 'symbol', 'Symbol is required when chart_id is left out.'],
    ['a chart_id that is not an id', { chart_id: 'chart-1' }, 'chart_id', 'chart_id must be a chart id (a UUID).'],
    ['text with a NUL', { text: 'a\u0000b' }, 'text', /^Text must not contain control characters/],
    ['an unknown symbol', { symbol: 'NOPE' }, 'symbol', /^Symbol "NOPE" is not an instrument/],
  ])('refuses %s with a 400 naming the field', async (_case, change, field, message) => {
    const body = { ...trend(chart.id), ...change };
    if ('chart_id' in change && change.chart_id === undefined) delete (body as { chart_id?: string }).chart_id;
    if (body.chart_id === '') body.chart_id = chart.id;
    expectFieldError(await call(ada, 'POST', '/drawings', body), { field, message });
  });

  it('takes the model’s camelCase style keys too, as a client sending the drawing model as it is', async () => {
    const res = await call(ada, 'POST', '/drawings', {
      ...trend(chart.id),
      style: { lineWidth: 3, fillColor: '#2962FF33', fibLevels: [{ value: 0.5, visible: true }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().style).toEqual({
      lineWidth: 3,
      fillColor: '#2962FF33',
      fibLevels: [{ value: 0.5, visible: true }],
    });
  });

  it('keeps drawings of a symbol without a saved chart, apart from every chart’s', async () => {
    const erin = await signUpAndLogin(app);
    const { chart_id: _none, ...free } = trend(chart.id);
    const res = await call(erin, 'POST', '/drawings', { ...free, symbol: 'EURUSD' });
    expect(res.statusCode, res.body).toBe(201);
    const drawing = res.json() as Drawing;
    expect(drawing).toMatchObject({ chartId: null, symbol: 'EURUSD' });
    const list = (await call(erin, 'GET', '/drawings?symbol=EURUSD')).json() as { drawings: Drawing[] };
    expect(list.drawings.map((d) => d.id)).toEqual([drawing.id]);
    // another user's free drawings of the same symbol are theirs alone
    expect(((await call(bob, 'GET', '/drawings?symbol=EURUSD')).json() as { drawings: Drawing[] }).drawings).toEqual(
      [],
    );
    // a chart of the same symbol has its own drawings
    const own = (await call(erin, 'POST', '/charts', {})).json() as Chart;
    expect(
      ((await call(erin, 'GET', `/drawings?chart_id=${own.id}`)).json() as { drawings: Drawing[] }).drawings,
    ).toEqual([]);
    expectFieldError(await call(erin, 'GET', '/drawings'), {
      field: 'symbol',
      message: 'Symbol is required when chart_id is left out.',
    });
  });

  it('takes chart_id and symbol on PUT only when they are the drawing’s own', async () => {
    const drawing = (await call(ada, 'POST', '/drawings', trend(chart.id))).json() as Drawing;
    const same = await call(ada, 'PUT', `/drawings/${drawing.id}`, {
      ...trend(chart.id),
      symbol: 'EURUSD',
      hidden: true,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ hidden: true, chartId: chart.id, symbol: 'EURUSD' });
    expectFieldError(await call(ada, 'PUT', `/drawings/${drawing.id}`, { ...trend(chart.id), symbol: 'GBPUSD' }), {
      code: 'DRAWING_MOVED',
      field: 'symbol',
    });
    const other = (await call(ada, 'POST', '/charts', {})).json() as Chart;
    expectFieldError(await call(ada, 'PUT', `/drawings/${drawing.id}`, trend(other.id)), {
      code: 'DRAWING_MOVED',
      field: 'chart_id',
    });
  });

  it('refuses a drawing past the limit per chart and symbol', async () => {
    const service = createDrawingsService({
      repo: createDrawingsRepository(app.ctx.db),
      charts: createChartsRepository(app.ctx.db),
      clock,
      limits: { maxPerChartSymbol: 1 },
    });
    const own = (await call(ada, 'POST', '/charts', { symbol: 'USDJPY' })).json() as Chart;
    const shape = {
      tool: 'horizontal_line' as const,
      points: [{ time: t0, price: 150 }],
      style: {},
      locked: false,
      hidden: false,
    };
    await service.create(ada.userId, { chart_id: own.id, ...shape });
    await expect(service.create(ada.userId, { chart_id: own.id, ...shape })).rejects.toMatchObject({
      code: 'DRAWING_LIMIT_REACHED',
    });
    // another symbol of the same chart has room of its own
    await expect(service.create(ada.userId, { chart_id: own.id, symbol: 'EURJPY', ...shape })).resolves.toMatchObject({
      symbol: 'EURJPY',
    });
  });

  it('requires a signed-in caller', async () => {
    expect((await call(null, 'GET', `/drawings?chart_id=${chart.id}`)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/drawings', trend(chart.id))).statusCode).toBe(401);
  });
});

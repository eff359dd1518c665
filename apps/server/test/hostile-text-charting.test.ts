import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from './assertions.js';
import { type SignedInUser, signUpAndLogin } from './auth-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The charting routes (charts, drawings, layouts, templates, watchlists, user-data entries) under the rule of
 * hostile-text.test.ts: a NUL byte, another control character or a lone surrogate in any text field is a 400
 * naming the field, never a 500 from the database. Bodies are raw JSON with the escapes a client would write.
 */
const hostile = [
  ['a NUL byte', String.raw`a\u0000b`],
  ['a lone high surrogate', String.raw`\ud800`],
  ['a lone low surrogate', String.raw`x\udfffy`],
  ['an escape character', String.raw`a\u001bb`],
  ['a DEL', String.raw`a\u007fb`],
] as const;

let t: TestApp;
let user: SignedInUser;
let chartId: string;
let watchlistId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t.app);
  chartId = (await t.app.inject({ method: 'POST', url: '/api/charts', headers: user.auth, payload: {} })).json().id;
  watchlistId = (await t.app.inject({ method: 'POST', url: '/api/watchlist', headers: user.auth, payload: {} })).json()
    .id;
});

function sendJson(method: 'POST' | 'PUT', url: string, json: string) {
  return t.app.inject({ method, url, headers: { ...user.auth, 'content-type': 'application/json' }, payload: json });
}

/** Raw JSON text with `"<escaped>"` put where the template says `$`. */
const fill = (template: string, escaped: string) => template.replace('$', `"${escaped}"`);

describe.each(hostile)('text with %s', (_what, escaped) => {
  it.each([
    ['POST', '/api/charts', '{"name":$}', 'name'],
    ['POST', '/api/charts', '{"symbol":$}', 'symbol'],
    ['POST', '/api/charts', '{"indicators":[{"name":$}]}', 'indicators.0.name'],
    ['POST', '/api/charts', '{"indicators":[{"name":"rsi","settings":{"source":$}}]}', 'indicators.0.settings.source'],
    ['POST', '/api/layouts', '{"name":$,"count":1,"charts":[{"symbol":"EURUSD","timeframe":"15m"}]}', 'name'],
    ['POST', '/api/templates', '{"name":$}', 'name'],
    ['POST', '/api/watchlist', '{"name":$}', 'name'],
    ['PUT', '/api/user-data/v1/store/instrument/recentlyList', '{"list":[{"symbol":$}]}', 'list.0.symbol'],
    [
      'PUT',
      '/api/user-data/v1/store/indicators/indicatorCollections',
      '{"list":[{"id":"a","tab_name":$,"indicators":[]}]}',
      'list.0.tab_name',
    ],
    [
      'PUT',
      '/api/user-data/v1/store/activeCharts/manualSetups',
      '{"state":[{"id":"a","name":$,"symbol":"EURUSD","timeframe":"15m"}]}',
      'state.0.name',
    ],
  ] as const)('%s %s %s -> 400 naming the field', async (method, url, template, field) => {
    const res = await sendJson(method, url, fill(template, escaped));
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it('POST /api/watchlist/{id}/symbol ticker -> 400 naming it', async () => {
    const res = await sendJson(
      'POST',
      `/api/watchlist/${watchlistId}/symbol`,
      fill('{"source":"FOREX","ticker":$}', escaped),
    );
    expectFieldError(res, { code: 'VALIDATION_FAILED', field: 'ticker' });
  });

  it('POST /api/drawings text -> 400 naming it unless it is a line break or tab', async () => {
    const json = `{"chart_id":"${chartId}","tool":"text","points":[{"time":1772000000,"price":1.1}],"text":"${escaped}"}`;
    expectFieldError(await sendJson('POST', '/api/drawings', json), { code: 'VALIDATION_FAILED', field: 'text' });
  });
});

describe('path parameters and query strings', () => {
  it.each([
    ['/api/charts/FOREX/a%00b', 'symbol'],
    ['/api/charts/share/abcdefghijklmnop%00', 'token'],
    ['/api/watchlist/share/abcdefghijklmnop%1B', 'token'],
    ['/api/charts?symbol=%00', 'symbol'],
  ])('GET %s -> 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
    expectFieldError(res, { code: 'VALIDATION_FAILED', field });
  });

  it('keeps line breaks in a drawing’s text', async () => {
    const json = `{"chart_id":"${chartId}","tool":"text","points":[{"time":1772000000,"price":1.1}],"text":"Line one\\nLine two"}`;
    const res = await sendJson('POST', '/api/drawings', json);
    expect(res.statusCode).toBe(201);
    expect(res.json().text).toBe('Line one\nLine two');
  });
});

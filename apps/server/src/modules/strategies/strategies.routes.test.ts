import { randomBytes } from 'node:crypto';
import type { Approach, Chart, Strategy, StrategyList, StrategySnapshot } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { holdPlanForEveryone } from '../../../test/billing-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { rsiMeanReversionGraph } from '../demo/demo.strategies.js';
import { createStrategiesRepository } from './strategies.repository.js';
import { createStrategiesService } from './strategies.service.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  // its users make more (accounts, lists, layouts...) than the free plan allows; the plan is not what it tests
  holdPlanForEveryone(app);
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
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

/** A 1x1 PNG, and a multipart body carrying a file the way a browser sends it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
function upload(user: SignedInUser, url: string, data: Buffer | string, contentType = 'image/png') {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

const newStrategy = async (user: SignedInUser, body: object = { name: 'Breakout' }) =>
  ok<Strategy>(await call(user, 'POST', '/strategies', body), 201);

/** A strategy with one approach, one criterion and one condition: the paths of each level. */
async function tree(user: SignedInUser) {
  const strategy = await newStrategy(user);
  const approach = await ok<Approach>(
    await call(user, 'POST', `/strategies/${strategy.id}/approach`, { name: 'Entry' }),
    201,
  );
  const a = `/strategies/${strategy.id}/approach/${approach.id}`;
  const withCriterion = await ok<Approach>(await call(user, 'POST', `${a}/criteria`, { name: 'Setup' }), 201);
  const criterionId = withCriterion.criteria[0]?.id as string;
  const c = `${a}/criteria/${criterionId}`;
  const withCondition = await ok<Approach>(
    await call(user, 'POST', `${c}/conditions`, { text: 'Range is tight.' }),
    201,
  );
  const conditionId = withCondition.criteria[0]?.conditions[0]?.id as string;
  const d = `${c}/conditions/${conditionId}`;
  return { strategy, approach, a, c, d, criterionId, conditionId };
}

describe('signed out', () => {
  it.each([
    ['GET', '/strategies'],
    ['POST', '/strategies'],
    ['GET', `/strategies/${NOBODY}`],
    ['PUT', `/strategies/${NOBODY}`],
    ['DELETE', `/strategies/${NOBODY}`],
    ['GET', `/strategies/${NOBODY}/approach`],
    ['POST', `/strategies/${NOBODY}/tag/x`],
    ['POST', `/strategies/${NOBODY}/approach/${NOBODY}/criteria`],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe('strategies', () => {
  it('creates, lists a page at a time (default 10) with ids and total, reads, updates and deletes', async () => {
    const carol = await signUpAndLogin(app);
    const empty = await ok<StrategyList>(await call(carol, 'GET', '/strategies'));
    expect(empty).toEqual({ ids: [], items: [], total: 0, page: 1, limit: 10 });

    const created: Strategy[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      created.push(await newStrategy(carol, { name: `S${i}`, description: 'Line one\nline two' }));
    }
    expect(created[0]).toMatchObject({
      name: 'S0',
      description: 'Line one\nline two',
      tags: [],
      symbols: [],
      timeframes: [],
      indicators: [],
      snapshots: [],
      folders: [],
      graph: null,
      approaches: 0,
    });
    const all = await ok<StrategyList>(await call(carol, 'GET', '/strategies'));
    expect(all).toMatchObject({ total: 7, page: 1, limit: 10 });
    expect(all.items.map((s) => s.name)).toEqual(['S6', 'S5', 'S4', 'S3', 'S2', 'S1', 'S0']);
    const first = await ok<StrategyList>(await call(carol, 'GET', '/strategies?limit=5'));
    expect(first.total).toBe(7);
    expect(first.items).toHaveLength(5);
    expect(first.ids).toEqual(first.items.map((s) => s.id));
    const second = await ok<StrategyList>(await call(carol, 'GET', '/strategies?page=2&limit=5'));
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.ids, ...second.ids])).toEqual(new Set(created.map((s) => s.id)));

    const id = created[0]?.id as string;
    const graph = rsiMeanReversionGraph();
    const updated = await ok<Strategy>(
      await call(carol, 'PUT', `/strategies/${id}`, { name: 'Renamed', description: 'Plain.', graph }),
    );
    expect(updated).toMatchObject({ name: 'Renamed', description: 'Plain.', graph });
    expect(await ok<Strategy>(await call(carol, 'GET', `/strategies/${id}`))).toEqual(updated);
    const cleared = await ok<Strategy>(await call(carol, 'PUT', `/strategies/${id}`, { graph: null }));
    expect(cleared).toMatchObject({ name: 'Renamed', graph: null });

    expect(await ok(await call(carol, 'DELETE', `/strategies/${id}`))).toEqual({ ok: true });
    expect((await call(carol, 'GET', `/strategies/${id}`)).statusCode).toBe(404);
    expect((await ok<StrategyList>(await call(carol, 'GET', '/strategies'))).total).toBe(6);
  });

  it('refuses bad input with a sentence naming the field', async () => {
    expectFieldError(await call(ada, 'POST', '/strategies', {}), { field: 'name', message: 'Name is required.' });
    expectFieldError(await call(ada, 'POST', '/strategies', { name: 'x'.repeat(81) }), {
      field: 'name',
      message: 'Name must be at most 80 characters.',
    });
    expectFieldError(await call(ada, 'POST', '/strategies', { name: 'A', description: 'x'.repeat(2001) }), {
      field: 'description',
      message: 'Description must be at most 2000 characters.',
    });
    expectFieldError(await call(ada, 'POST', '/strategies', { name: 'A\u0000B' }), { field: 'name' });
    const strategy = await newStrategy(ada);
    const badGraph = { ...rsiMeanReversionGraph(), version: 2 };
    expectFieldError(await call(ada, 'PUT', `/strategies/${strategy.id}`, { graph: badGraph }), {
      field: 'graph.version',
      message: /version must be 1/,
    });
    expectFieldError(await call(ada, 'GET', '/strategies?limit=500'), { field: 'limit' });
    expect((await call(ada, 'GET', '/strategies/not-a-uuid')).statusCode).toBe(400);
  });

  it('adds and removes tags, catalogue symbols, timeframes and catalogue indicators', async () => {
    const s = await newStrategy(ada);
    const base = `/strategies/${s.id}`;
    await ok(await call(ada, 'POST', `${base}/tag/${encodeURIComponent('mean reversion')}`));
    await ok(await call(ada, 'POST', `${base}/symbol/eurusd`));
    await ok(await call(ada, 'POST', `${base}/timeframe/1h`));
    const after = await ok<Strategy>(await call(ada, 'POST', `${base}/indicator/RSI`));
    expect(after).toMatchObject({
      tags: ['mean reversion'],
      symbols: ['EURUSD'],
      timeframes: ['1h'],
      indicators: ['rsi'],
    });

    expectFieldError(await call(ada, 'POST', `${base}/symbol/NOPE`), {
      field: 'value',
      message: 'Symbol "NOPE" is not an instrument of the catalogue; search the symbols for one.',
    });
    expectFieldError(await call(ada, 'POST', `${base}/timeframe/2h`), {
      field: 'value',
      message: /^Timeframe must be one of/,
    });
    expectFieldError(await call(ada, 'POST', `${base}/indicator/magic`), {
      field: 'value',
      message: 'Indicator "magic" is not an indicator of the catalogue.',
    });
    expectFieldError(await call(ada, 'POST', `${base}/symbol/EURUSD`), {
      status: 409,
      code: 'STRATEGY_DUPLICATE',
      field: 'value',
      message: 'EURUSD is already a symbol of this strategy.',
    });

    const removed = await ok<Strategy>(await call(ada, 'DELETE', `${base}/indicator/rsi`));
    expect(removed.indicators).toEqual([]);
    await ok(await call(ada, 'DELETE', `${base}/symbol/EURUSD`));
    await ok(await call(ada, 'DELETE', `${base}/timeframe/1h`));
    await ok(await call(ada, 'DELETE', `${base}/tag/${encodeURIComponent('mean reversion')}`));
    const gone = await call(ada, 'DELETE', `${base}/tag/never`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This strategy has no tag "never".');
  });

  it('refuses a 21st tag with a sentence', async () => {
    const s = await newStrategy(ada);
    for (let i = 0; i < 20; i++) await ok(await call(ada, 'POST', `/strategies/${s.id}/tag/t${i}`));
    const res = await call(ada, 'POST', `/strategies/${s.id}/tag/t20`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STRATEGY_LIMIT_REACHED',
      message: 'A strategy has at most 20 tags; remove one first.',
    });
  });

  it('adds folders (default colour #8861E4) and deletes them', async () => {
    const s = await newStrategy(ada);
    const withFolder = await ok<Strategy>(
      await call(ada, 'POST', `/strategies/${s.id}/folders`, { name: 'Ideas' }),
      201,
    );
    expect(withFolder.folders).toEqual([
      { id: expect.any(String), name: 'Ideas', color: '#8861E4', created: expect.any(String) },
    ]);
    expectFieldError(await call(ada, 'POST', `/strategies/${s.id}/folders`, { name: 'X', color: 'red' }), {
      field: 'color',
      message: 'Color must be a colour such as #8861E4.',
    });
    const folderId = withFolder.folders[0]?.id as string;
    expect((await ok<Strategy>(await call(ada, 'DELETE', `/strategies/${s.id}/folders/${folderId}`))).folders).toEqual(
      [],
    );
    expect((await call(ada, 'DELETE', `/strategies/${s.id}/folders/${folderId}`)).statusCode).toBe(404);
  });
});

describe('snapshots', () => {
  it('stores an image snapshot by its bytes, serves it, lists and deletes it', async () => {
    const s = await newStrategy(ada);
    const after = await ok<Strategy>(await upload(ada, `/strategies/${s.id}/snapshots`, PNG), 201);
    const shot = after.snapshots[0] as StrategySnapshot;
    expect(shot).toMatchObject({ kind: 'image', contentType: 'image/png', width: 1, height: 1, chartId: null });
    const file = await app.inject({ method: 'GET', url: shot.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const list = await ok<{ snapshots: StrategySnapshot[] }>(await call(ada, 'GET', `/strategies/${s.id}/snapshot`));
    expect(list.snapshots.map((x) => x.id)).toEqual([shot.id]);
    await ok(await call(ada, 'DELETE', `/strategies/${s.id}/snapshots/${shot.id}`));
    expect((await app.inject({ method: 'GET', url: shot.url as string })).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/strategies/${s.id}/snapshots/${shot.id}`)).statusCode).toBe(404);
  });

  it('refuses a file that only claims to be an image', async () => {
    const s = await newStrategy(ada);
    expectFieldError(await upload(ada, `/strategies/${s.id}/snapshots`, '<svg onload="alert(1)"/>'), {
      status: 415,
      code: 'STRATEGY_UPLOAD_TYPE',
      field: 'file',
      message: 'The file must be a PNG, JPEG, WebP or GIF image.',
    });
    expect((await ok<Strategy>(await call(ada, 'GET', `/strategies/${s.id}`))).snapshots).toEqual([]);
  });

  it('takes a saved chart of the caller by id, with its symbol and timeframe unless others are given', async () => {
    const s = await newStrategy(ada);
    const chart = await ok<Chart>(
      await call(ada, 'POST', '/charts', { symbol: 'GBPUSD', source: 'FOREX', timeframe: '1h' }),
      201,
    );
    const first = await ok<Strategy>(
      await call(ada, 'POST', `/strategies/${s.id}/snapshots`, { chart_id: chart.id }),
      201,
    );
    expect(first.snapshots[0]).toMatchObject({
      kind: 'chart',
      chartId: chart.id,
      symbol: 'GBPUSD',
      timeframe: '1h',
      url: null,
    });
    // made in the same instant, still listed in the order made
    const second = await ok<Strategy>(
      await call(ada, 'POST', `/strategies/${s.id}/snapshots`, {
        chart_id: chart.id,
        symbol: 'EURUSD',
        timeframe: '4h',
      }),
      201,
    );
    expect(second.snapshots[1]).toMatchObject({ symbol: 'EURUSD', timeframe: '4h' });
    // bob's chart is not ada's
    const bobs = await ok<Chart>(await call(bob, 'POST', '/charts', {}), 201);
    expectFieldError(await call(ada, 'POST', `/strategies/${s.id}/snapshots`, { chart_id: bobs.id }), {
      status: 404,
      field: 'chart_id',
      message: 'No chart of yours has the id given in chart_id.',
    });
    expectFieldError(
      await call(ada, 'POST', `/strategies/${s.id}/snapshots`, { chart_id: chart.id, timeframe: '7m' }),
      {
        field: 'timeframe',
      },
    );
  });
});

describe('approaches and everything below', () => {
  it('creates, reads, updates and deletes each level, answering the whole approach', async () => {
    const { strategy, approach, a, c, d } = await tree(ada);
    expect(approach).toMatchObject({ strategyId: strategy.id, name: 'Entry', status: 'entry', criteria: [] });

    // approach labels and update
    await ok(await call(ada, 'POST', `${a}/symbol/GBPUSD`));
    await ok(await call(ada, 'POST', `${a}/timeframe/15m`));
    await ok(await call(ada, 'POST', `${a}/indicator/atr`));
    const labelled = await ok<Approach>(await call(ada, 'POST', `${a}/tag/london`));
    expect(labelled).toMatchObject({ tags: ['london'], symbols: ['GBPUSD'], timeframes: ['15m'], indicators: ['atr'] });
    expect((await ok<Approach>(await call(ada, 'DELETE', `${a}/tag/london`))).tags).toEqual([]);
    const moved = await ok<Approach>(
      await call(ada, 'PUT', a, { status: 'exit', name: 'Exit rule', description: 'Later.' }),
    );
    expect(moved).toMatchObject({ status: 'exit', name: 'Exit rule', description: 'Later.' });

    // checklist, in order
    await ok(await call(ada, 'POST', `${d}/checklist`, { text: 'Second' }), 201);
    const withFirst = await ok<Approach>(await call(ada, 'POST', `${d}/checklist`, { text: 'First', order: 0 }), 201);
    const checklist = () => withFirst.criteria[0]?.conditions[0]?.checklist ?? [];
    expect(checklist().map((i) => [i.text, i.order])).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    const [firstItem, secondItem] = checklist();
    const reordered = await ok<Approach>(
      await call(ada, 'PUT', `${d}/checklist/${firstItem?.id}`, { order: 5, text: 'First, now last' }),
    );
    expect(reordered.criteria[0]?.conditions[0]?.checklist.map((i) => [i.text, i.order])).toEqual([
      ['Second', 0],
      ['First, now last', 1],
    ]);
    const afterDelete = await ok<Approach>(await call(ada, 'DELETE', `${d}/checklist/${secondItem?.id}`));
    expect(afterDelete.criteria[0]?.conditions[0]?.checklist.map((i) => [i.text, i.order])).toEqual([
      ['First, now last', 0],
    ]);

    // images
    const withImage = await ok<Approach>(await upload(ada, `${d}/images`, PNG), 201);
    const image = withImage.criteria[0]?.conditions[0]?.images[0];
    expect(image).toMatchObject({ contentType: 'image/png', width: 1, height: 1 });
    expectFieldError(await upload(ada, `${d}/images`, '<html><script>alert(1)</script></html>', 'image/gif'), {
      status: 415,
      field: 'file',
    });
    expect((await app.inject({ method: 'GET', url: image?.url as string })).statusCode).toBe(200);
    const noImage = await ok<Approach>(await call(ada, 'DELETE', `${d}/images/${image?.id}`));
    expect(noImage.criteria[0]?.conditions[0]?.images).toEqual([]);
    expect((await app.inject({ method: 'GET', url: image?.url as string })).statusCode).toBe(404);

    // comments
    const withComment = await ok<Approach>(
      await call(ada, 'POST', `${d}/comments`, { text: 'Looks good.\nTry it.' }),
      201,
    );
    const comment = withComment.criteria[0]?.conditions[0]?.comments[0];
    expect(comment).toMatchObject({ text: 'Looks good.\nTry it.', created: clock.now().toISOString() });
    const edited = await ok<Approach>(await call(ada, 'PUT', `${d}/comments/${comment?.id}`, { text: 'Edited.' }));
    expect(edited.criteria[0]?.conditions[0]?.comments.map((x) => x.text)).toEqual(['Edited.']);
    await ok(await call(ada, 'DELETE', `${d}/comments/${comment?.id}`));

    // condition, criterion
    const updatedCondition = await ok<Approach>(await call(ada, 'PUT', d, { text: 'Range under 1.2 ATR.' }));
    expect(updatedCondition.criteria[0]?.conditions[0]?.text).toBe('Range under 1.2 ATR.');
    const renamed = await ok<Approach>(await call(ada, 'PUT', c, { name: 'Set-up' }));
    expect(renamed.criteria[0]?.name).toBe('Set-up');
    expect((await ok<Approach>(await call(ada, 'DELETE', d))).criteria[0]?.conditions).toEqual([]);
    expect((await ok<Approach>(await call(ada, 'DELETE', c))).criteria).toEqual([]);

    // the list groups by status; delete
    await ok(
      await call(ada, 'POST', `/strategies/${strategy.id}/approach`, { name: 'Manage', status: 'management' }),
      201,
    );
    await ok(await call(ada, 'POST', `/strategies/${strategy.id}/approach`, { name: 'Go' }), 201);
    const list = await ok<{ approaches: Approach[] }>(await call(ada, 'GET', `/strategies/${strategy.id}/approach`));
    expect(list.approaches.map((x) => [x.name, x.status])).toEqual([
      ['Go', 'entry'],
      ['Manage', 'management'],
      ['Exit rule', 'exit'],
    ]);
    expect((await ok<Strategy>(await call(ada, 'GET', `/strategies/${strategy.id}`))).approaches).toBe(3);
    expect(await ok(await call(ada, 'GET', a))).toMatchObject({ id: approach.id });
    expect(await ok(await call(ada, 'DELETE', a))).toEqual({ ok: true });
    expect((await call(ada, 'GET', a)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const { strategy, a, c, d } = await tree(ada);
    expectFieldError(await call(ada, 'POST', `/strategies/${strategy.id}/approach`, { name: 'A', status: 'later' }), {
      field: 'status',
      message: 'Status must be one of entry, management, exit.',
    });
    expectFieldError(await call(ada, 'POST', `${a}/criteria`, { name: '' }), {
      field: 'name',
      message: 'Criterion name is required.',
    });
    expectFieldError(await call(ada, 'POST', `${c}/conditions`, { text: 'x'.repeat(501) }), {
      field: 'text',
      message: 'Condition text must be at most 500 characters.',
    });
    expectFieldError(await call(ada, 'POST', `${d}/checklist`, { text: 'one\ntwo' }), { field: 'text' });
    expectFieldError(await call(ada, 'POST', `${d}/checklist`, { text: 'ok', order: -1 }), {
      field: 'order',
      message: 'Order must be a whole number from 0 to 1000.',
    });
    expectFieldError(await call(ada, 'POST', `${d}/comments`, { text: 'x'.repeat(2001) }), {
      field: 'text',
      message: 'Comment must be at most 2000 characters.',
    });
  });
});

describe('ownership', () => {
  it('answers 404 for another user’s id at every level, and for a real id under the wrong parent', async () => {
    const mine = await tree(ada);
    const withItems = await ok<Approach>(await call(ada, 'POST', `${mine.d}/checklist`, { text: 'Item' }), 201);
    await ok(await call(ada, 'POST', `${mine.d}/comments`, { text: 'Note.' }), 201);
    const full = await ok<Approach>(await upload(ada, `${mine.d}/images`, PNG), 201);
    const cond = full.criteria[0]?.conditions[0];
    const itemId = withItems.criteria[0]?.conditions[0]?.checklist[0]?.id as string;
    const commentId = cond?.comments[0]?.id as string;
    const imageId = cond?.images[0]?.id as string;
    const s = `/strategies/${mine.strategy.id}`;

    const bobCalls: Array<[Method, string, unknown?]> = [
      ['GET', s],
      ['PUT', s, { name: 'Mine now' }],
      ['DELETE', s],
      ['GET', `${s}/snapshot`],
      ['POST', `${s}/tag/x`],
      ['POST', `${s}/folders`, { name: 'F' }],
      ['GET', `${s}/approach`],
      ['POST', `${s}/approach`, { name: 'A' }],
      ['GET', mine.a],
      ['PUT', mine.a, { name: 'B' }],
      ['POST', `${mine.a}/symbol/EURUSD`],
      ['POST', `${mine.a}/criteria`, { name: 'C' }],
      ['PUT', mine.c, { name: 'C' }],
      ['POST', `${mine.c}/conditions`, { text: 'T' }],
      ['PUT', mine.d, { text: 'T' }],
      ['POST', `${mine.d}/checklist`, { text: 'I' }],
      ['PUT', `${mine.d}/checklist/${itemId}`, { text: 'I' }],
      ['DELETE', `${mine.d}/checklist/${itemId}`],
      ['POST', `${mine.d}/comments`, { text: 'C' }],
      ['PUT', `${mine.d}/comments/${commentId}`, { text: 'C' }],
      ['DELETE', `${mine.d}/comments/${commentId}`],
      ['DELETE', `${mine.d}/images/${imageId}`],
      ['DELETE', mine.d],
      ['DELETE', mine.c],
      ['DELETE', mine.a],
    ];
    for (const [method, url, body] of bobCalls) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect((await upload(bob, `${mine.d}/images`, PNG)).statusCode).toBe(404);
    expect((await upload(bob, `${s}/snapshots`, PNG)).statusCode).toBe(404);

    // bob's own tree, addressed through ada's real ids under his parents (and the other way round)
    const his = await tree(bob);
    const wrongParent: Array<[Method, string, unknown?]> = [
      ['GET', `/strategies/${his.strategy.id}/approach/${mine.approach.id}`],
      ['PUT', `/strategies/${his.strategy.id}/approach/${his.approach.id}/criteria/${mine.criterionId}`, { name: 'x' }],
      ['PUT', `${his.c}/conditions/${mine.conditionId}`, { text: 'x' }],
      ['PUT', `${his.d}/checklist/${itemId}`, { text: 'x' }],
      ['PUT', `${his.d}/comments/${commentId}`, { text: 'x' }],
      ['DELETE', `${his.d}/images/${imageId}`],
      ['DELETE', `/strategies/${his.strategy.id}/snapshots/${NOBODY}`],
    ];
    for (const [method, url, body] of wrongParent) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // ada's own approach under another of her strategies is not found either
    const other = await newStrategy(ada);
    expect((await call(ada, 'GET', `/strategies/${other.id}/approach/${mine.approach.id}`)).statusCode).toBe(404);
    // and ada's tree is untouched
    const still = await ok<Approach>(await call(ada, 'GET', mine.a));
    expect(still.criteria[0]?.conditions[0]?.checklist.map((i) => i.id)).toEqual([itemId]);
  });
});

describe('limits and the service other modules use', () => {
  function service(limits: object) {
    return createStrategiesService({
      repo: createStrategiesRepository(app.ctx.db),
      clock,
      storage: app.ctx.storage,
      charts: { get: async () => ({ symbol: 'EURUSD', timeframe: '15m' }) },
      limits,
    });
  }

  it('refuses past each level’s limit with a sentence', async () => {
    const dora = await signUpAndLogin(app);
    const small = service({
      strategiesPerUser: 1,
      approachesPerStrategy: 1,
      criteriaPerApproach: 1,
      conditionsPerCriterion: 1,
      checklistPerCondition: 1,
      imagesPerCondition: 1,
      commentsPerCondition: 1,
      snapshotsPerStrategy: 1,
      foldersPerStrategy: 1,
    });
    const s = await small.create(dora.userId, { name: 'Only' });
    await expect(small.create(dora.userId, { name: 'Two' })).rejects.toMatchObject({
      code: 'STRATEGY_LIMIT_REACHED',
      message: 'You have 1 strategies, the most there can be; delete one first.',
    });
    const a = await small.createApproach(dora.userId, s.id, { name: 'A', status: 'entry' });
    await expect(small.createApproach(dora.userId, s.id, { name: 'B', status: 'entry' })).rejects.toMatchObject({
      message: 'A strategy has at most 1 approaches; delete one first.',
    });
    const at = { id: s.id, approachId: a.id };
    const withCriterion = await small.addCriterion(dora.userId, at, { name: 'C' });
    await expect(small.addCriterion(dora.userId, at, { name: 'D' })).rejects.toMatchObject({
      message: 'An approach has at most 1 criteria; delete one first.',
    });
    const cp = { ...at, criteriaId: withCriterion.criteria[0]?.id as string };
    const withCondition = await small.addCondition(dora.userId, cp, { text: 'T' });
    await expect(small.addCondition(dora.userId, cp, { text: 'U' })).rejects.toMatchObject({
      message: 'A criterion has at most 1 conditions; delete one first.',
    });
    const dp = { ...cp, conditionId: withCondition.criteria[0]?.conditions[0]?.id as string };
    await small.addChecklistItem(dora.userId, dp, { text: 'I' });
    await expect(small.addChecklistItem(dora.userId, dp, { text: 'J' })).rejects.toMatchObject({
      message: 'A condition has at most 1 checklist items; delete one first.',
    });
    await small.addComment(dora.userId, dp, { text: 'C' });
    await expect(small.addComment(dora.userId, dp, { text: 'D' })).rejects.toMatchObject({
      message: 'A condition has at most 1 comments; delete one first.',
    });
    await small.addImage(dora.userId, dp, PNG);
    await expect(small.addImage(dora.userId, dp, PNG)).rejects.toMatchObject({
      message: 'A condition has at most 1 images; delete one first.',
    });
    await small.addFolder(dora.userId, s.id, { name: 'F' });
    await expect(small.addFolder(dora.userId, s.id, { name: 'G' })).rejects.toMatchObject({
      message: 'A strategy has at most 1 folders; delete one first.',
    });
    await small.addImageSnapshot(dora.userId, s.id, PNG);
    await expect(small.addImageSnapshot(dora.userId, s.id, PNG)).rejects.toMatchObject({
      message: 'A strategy has at most 1 snapshots; delete one first.',
    });
    // the refused image left no row behind
    expect((await small.get(dora.userId, s.id)).snapshots).toHaveLength(1);
  });

  it('lets other modules check that a strategy, approach or checklist item id is the caller’s', async () => {
    const erin = await signUpAndLogin(app);
    const svc = service({});
    const mine = await tree(erin);
    const withItem = await ok<Approach>(await call(erin, 'POST', `${mine.d}/checklist`, { text: 'Item' }), 201);
    const itemId = withItem.criteria[0]?.conditions[0]?.checklist[0]?.id as string;

    expect(await svc.ownedNames(erin.userId)).toEqual([
      {
        id: mine.strategy.id,
        name: 'Breakout',
        approaches: [{ id: mine.approach.id, name: 'Entry', status: 'entry' }],
      },
    ]);
    expect(await svc.find(erin.userId, mine.strategy.id)).toMatchObject({ id: mine.strategy.id, approaches: 1 });
    expect(await svc.find(bob.userId, mine.strategy.id)).toBeUndefined();
    await expect(svc.get(bob.userId, mine.strategy.id)).rejects.toMatchObject({ code: 'STRATEGY_NOT_FOUND' });
    expect(await svc.findApproach(erin.userId, mine.approach.id)).toEqual({
      id: mine.approach.id,
      strategyId: mine.strategy.id,
      name: 'Entry',
      status: 'entry',
    });
    expect(await svc.findApproach(bob.userId, mine.approach.id)).toBeUndefined();
    expect(await svc.checklistItem(erin.userId, itemId)).toEqual({
      id: itemId,
      text: 'Item',
      order: 0,
      conditionId: mine.conditionId,
      criterionId: mine.criterionId,
      approachId: mine.approach.id,
      strategyId: mine.strategy.id,
    });
    expect(await svc.checklistItem(bob.userId, itemId)).toBeUndefined();
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/ui';

/*
 * The chart's performance figures for the README (issue 9, item 10), in the e2e Chromium (headless, software
 * rendering: --disable-gpu). Run with `npm run perf:chart` after `npm run build`; the figures are printed and
 * written to e2e/artifacts/perf/chart-perf.json. Not part of `npm test`: the figures depend on the machine.
 */

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'perf');
const results: Record<string, unknown> = {};
const LIVE_SECONDS = Number(process.env.PERF_LIVE_SECONDS ?? 120);

/** Five indicators: three overlays and two panes, as the chart's `ind` parameter writes them. */
const FIVE = JSON.stringify([
  { k: 'sma-1', n: 'sma' },
  { k: 'ema-1', n: 'ema', s: { period: 50 } },
  { k: 'bollinger-1', n: 'bollinger' },
  { k: 'rsi-1', n: 'rsi' },
  { k: 'macd-1', n: 'macd' },
]);

test.describe.configure({ mode: 'serial' });

test.afterAll(() => {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'chart-perf.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`chart performance:\n${JSON.stringify(results, null, 2)}`);
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Waits for the page's first-candle mark and gives its time (ms since the navigation started). */
async function firstCandleMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('chart:first-candle').length > 0, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => performance.getEntriesByName('chart:first-candle').at(-1)!.startTime);
}

test('time to the first candle painted', async ({ page, user }) => {
  await signIn(page, user);
  const loads: number[] = [];
  // A full page load of /chart: the first with the chart's files not yet cached, then four reloads.
  for (let i = 0; i < 5; i++) {
    await page.goto('/chart?symbol=EURUSD&tf=15m');
    loads.push(await firstCandleMs(page));
  }
  // From the dashboard by the navigation link (the route's chunk is in the browser's cache by now).
  const inApp: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Chart' }).first()).toBeVisible();
    await page.evaluate(() => {
      performance.clearMarks('chart:first-candle');
      (window as unknown as { __t0: number }).__t0 = performance.now();
    });
    await page.getByRole('link', { name: 'Chart' }).first().click();
    const at = await firstCandleMs(page);
    inApp.push(at - (await page.evaluate(() => (window as unknown as { __t0: number }).__t0)));
  }
  results.firstCandle = {
    fullLoadColdMs: round(loads[0]!),
    fullLoadWarmMedianMs: round(median(loads.slice(1))),
    fullLoadsMs: loads.map((x) => round(x)),
    inAppNavigationMs: inApp.map((x) => round(x)),
  };
});

/** Counts animation frames in the page until stopped; returns frames per second and the frame intervals. */
async function startFrames(page: Page) {
  await page.evaluate(() => {
    // each count has its own generation: a counter stopped just before is not revived by this one
    const w = window as unknown as { __frames: number[]; __count: number };
    w.__frames = [];
    w.__count = (w.__count ?? 0) + 1;
    const count = w.__count;
    const tick = (t: number) => {
      if (w.__count !== count) return;
      w.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page) {
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __count: number };
    w.__count += 1;
    return w.__frames;
  });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  const sorted = [...gaps].sort((a, b) => a - b);
  const seconds = (frames.at(-1)! - frames[0]!) / 1000;
  return {
    fps: round(gaps.length / seconds),
    frames: gaps.length,
    seconds: round(seconds, 2),
    p95FrameMs: round(sorted[Math.floor(sorted.length * 0.95)]!),
    longFrames: gaps.filter((g) => g > 50).length,
  };
}

/** Drags the chart sideways `times` times (a pan, as a person would), in 20 mouse moves each. */
async function pan(page: Page, times: number, px: number) {
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  const y = box.y + box.height * 0.35;
  for (let i = 0; i < times; i++) {
    const dir = i % 2 === 0 ? 1 : -1;
    const x0 = box.x + box.width / 2 - (dir * px) / 2;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + dir * px, y, { steps: 20 });
    await page.mouse.up();
  }
}

test('frames per second while panning 5,000 bars with 5 indicators', async ({ page, user }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  let bars = 0;
  page.on('response', async (r) => {
    if (!r.url().includes('/feed/historical') || !r.url().includes('EURUSD') || !r.url().includes('1m')) return;
    try {
      const body = (await r.json()) as { candles?: unknown[] };
      bars += body.candles?.length ?? 0;
    } catch {
      // a 304 or an aborted request
    }
  });
  await page.goto(`/chart?symbol=EURUSD&tf=1m&ind=${encodeURIComponent(FIVE)}`);
  await firstCandleMs(page);
  const legend = page.getByRole('list', { name: 'Indicators' });
  await expect(legend.getByRole('listitem')).toHaveCount(5);

  // Older history loads as the view reaches the oldest bar: zoom out and drag right until 5,000 bars are in.
  const box = (await page.getByTestId('chart-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 300);
  for (let i = 0; i < 80 && bars < 5000; i++) {
    const y = box.y + box.height * 0.35;
    await page.mouse.move(box.x + 80, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 120, y, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(150);
  }
  expect(bars).toBeGreaterThanOrEqual(5000);
  // Every indicator calculated over the bars now loaded (the legend shows … while one is being fetched).
  await expect(legend).not.toContainText('…', { timeout: 30_000 });
  // Away from the oldest bar, so no more history loads while the frames are counted.
  for (let i = 0; i < 2; i++) {
    const y = box.y + box.height * 0.35;
    await page.mouse.move(box.x + box.width - 120, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, y, { steps: 8 });
    await page.mouse.up();
  }
  await expect(legend).not.toContainText('…', { timeout: 30_000 });
  await page.waitForTimeout(500);
  const barsBefore = bars;

  // Zoomed out (the library's narrowest bar spacing: about 2,500 bars in view), then at the default zoom.
  await startFrames(page);
  await pan(page, 12, 500);
  const zoomedOut = await stopFrames(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -300);
  await page.waitForTimeout(300);
  await startFrames(page);
  await pan(page, 12, 500);
  const zoomedIn = await stopFrames(page);
  // Idle, for the machine's own frame rate.
  await startFrames(page);
  await page.waitForTimeout(2000);
  const idle = await stopFrames(page);
  // The same zoomed-out pan without the indicators, for what they cost.
  for (let left = 5; left > 0; left--) {
    await legend
      .getByRole('button', { name: /^Remove / })
      .first()
      .click();
    await expect(legend.getByRole('listitem')).toHaveCount(left - 1);
  }
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 300);
  await page.waitForTimeout(300);
  await startFrames(page);
  await pan(page, 12, 500);
  const zoomedOutNoIndicators = await stopFrames(page);
  expect(bars, 'no history loaded while the frames were counted').toBe(barsBefore);
  results.panning = {
    barsLoaded: bars,
    indicators: 5,
    zoomedOut,
    defaultZoom: zoomedIn,
    idle,
    zoomedOutNoIndicators,
  };
});

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
}

type HeapSnapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};

/**
 * What a heap snapshot (taken after the collection `heapAfterGc` makes) holds, in bytes: the compiled code (the
 * JIT's output, which grows as functions warm up and is not data the page keeps), the page's JavaScript data
 * (objects, arrays, strings, numbers, closures) and the browser's own objects (DOM, timing entries, resources),
 * and by kind: JavaScript objects by constructor, strings, the browser's objects by class.
 */
async function heapContents(
  cdp: CDPSession,
): Promise<{ codeBytes: number; dataBytes: number; browserBytes: number; byKind: Map<string, number> }> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as HeapSnapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const byKind = new Map<string, number>();
  let codeBytes = 0;
  let dataBytes = 0;
  let browserBytes = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const size = snap.nodes[i + sizeAt]!;
    if (type === 'code') {
      codeBytes += size;
      continue;
    }
    // the browser's own objects (DOM, timing entries, resources) are in the snapshot, not in the JavaScript heap
    if (type === 'native') browserBytes += size;
    else dataBytes += size;
    const kind = type.endsWith('string')
      ? 'strings'
      : type === 'object' || type === 'native' || type === 'closure'
        ? `${type} ${snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 60)}`
        : type;
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
  }
  return { codeBytes, dataBytes, browserBytes, byKind };
}

/** The kinds whose bytes changed most between two snapshots' contents, in KB. */
function largestChanges(a: Map<string, number>, b: Map<string, number>, count = 6): Record<string, number> {
  const kinds = new Set([...a.keys(), ...b.keys()]);
  const changes = [...kinds].map((k) => [k, (b.get(k) ?? 0) - (a.get(k) ?? 0)] as const);
  changes.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  return Object.fromEntries(changes.slice(0, count).map(([k, d]) => [k, round(d / 1024, 1)]));
}

test('memory during an accelerated run of live updates', async ({ page, user }) => {
  test.setTimeout((LIVE_SECONDS + 240) * 1000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await signIn(page, user);
  // The simulator moves a bar a few times a second whatever the feed's interval, so an hour of live updates is
  // played faster here: the page's socket is passed through to the server, except the EURUSD 1m channel, whose
  // events this test writes itself (the forming bar changing about every 5 ms, a new bar every 100 updates),
  // through the page's whole live path (socket, hook, engine, live indicators, volume profile).
  const CHANNEL = 'candles:EURUSD:1m';
  let toPage: ((text: string) => void) | null = null;
  let playing = false;
  await page.routeWebSocket(/\/api\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (playing && typeof message === 'string' && message.includes(`"${CHANNEL}"`)) return;
      ws.send(message);
    });
    toPage = (text) => ws.send(text);
  });
  const withProfile = JSON.stringify([...JSON.parse(FIVE), { k: 'volumeProfile-1', n: 'volumeProfile' }]);
  await page.goto(`/chart?symbol=EURUSD&tf=1m&ind=${encodeURIComponent(withProfile)}`);
  await firstCandleMs(page);
  await expect(page.getByRole('list', { name: 'Indicators' })).not.toContainText('…', { timeout: 30_000 });
  const legendClose = page.getByTestId('legend-C');
  const start = Number((await legendClose.textContent())?.replace(/[^\d.]/g, ''));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');

  // Bars of one minute from the next minute on, a random walk around the last close. The first half of the run
  // only changes the forming bar (the heap must stay flat); the second also starts a new bar every 100 updates
  // (the bars, their indicator values and the chart's own data grow with them, as they must).
  let newBars = false;
  let time = Math.floor(Date.now() / 60_000) * 60 + 60;
  let open = start;
  let bar = { time, open, high: open, low: open, close: open, volume: 0 };
  let updates = 0;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const send = () => {
    if (newBars && updates % 100 === 0) {
      time += 60;
      open = bar.close;
      bar = { time, open, high: open, low: open, close: open, volume: 0 };
    }
    const close = Math.round((bar.close + (rand() - 0.5) * 0.0004) * 1e5) / 1e5;
    bar = {
      ...bar,
      close,
      high: Math.max(bar.high, close),
      low: Math.min(bar.low, close),
      volume: bar.volume + Math.round(rand() * 20),
    };
    toPage?.(
      JSON.stringify({
        type: 'event',
        channel: CHANNEL,
        event: 'candle',
        data: { symbol: 'EURUSD', timeframe: '1m', ...bar, asOf: time * 1000 },
      }),
    );
    updates++;
  };
  const play = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      send();
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  playing = true;
  // Warm-up, a minute: the live module loads, the first bars append, and the JIT compiles the hot paths (its code
  // grows by about a megabyte in the first minute and little after, which is not data the page keeps).
  await play(60);
  const samples: {
    atSeconds: number;
    updates: number;
    heapMB: number;
    codeMB: number;
    dataMB: number;
    browserMB: number;
  }[] = [];
  const contents: Map<string, number>[] = [];
  const started = Date.now();
  const sample = async () => {
    const heap = await heapAfterGc(cdp);
    const { codeBytes, dataBytes, browserBytes, byKind } = await heapContents(cdp);
    contents.push(byKind);
    samples.push({
      atSeconds: round((Date.now() - started) / 1000, 0),
      updates,
      heapMB: round(heap / 1024 / 1024, 2),
      codeMB: round(codeBytes / 1024 / 1024, 2),
      dataMB: round(dataBytes / 1024 / 1024, 2),
      browserMB: round(browserBytes / 1024 / 1024, 2),
    });
  };
  await sample();
  await play(LIVE_SECONDS / 2);
  await sample();
  newBars = true;
  const firstNewBar = time + 60;
  await play(LIVE_SECONDS / 2);
  await sample();
  playing = false;
  // The chart drew the last update.
  await expect(legendClose).toHaveText(bar.close.toFixed(5));
  const [a, b, c] = samples as [(typeof samples)[0], (typeof samples)[0], (typeof samples)[0]];
  const bars = (time - firstNewBar) / 60 + 1;
  results.memory = {
    seconds: LIVE_SECONDS,
    updates: c.updates - a.updates,
    updatesPerSecond: round((c.updates - a.updates) / LIVE_SECONDS, 0),
    samples,
    formingBarOnly: {
      updates: b.updates - a.updates,
      heapGrowthMB: round(b.heapMB - a.heapMB, 2),
      codeGrowthMB: round(b.codeMB - a.codeMB, 2),
      dataGrowthKB: round((b.dataMB - a.dataMB) * 1024, 0),
      browserGrowthKB: round((b.browserMB - a.browserMB) * 1024, 0),
      largestChangesKB: largestChanges(contents[0]!, contents[1]!),
    },
    withNewBars: {
      updates: c.updates - b.updates,
      newBars: bars,
      heapGrowthMB: round(c.heapMB - b.heapMB, 2),
      codeGrowthMB: round(c.codeMB - b.codeMB, 2),
      dataGrowthKB: round((c.dataMB - b.dataMB) * 1024, 0),
      browserGrowthKB: round((c.browserMB - b.browserMB) * 1024, 0),
      dataPerNewBarKB: round(((c.dataMB - b.dataMB) * 1024) / bars, 1),
      largestChangesKB: largestChanges(contents[1]!, contents[2]!),
    },
  };
});

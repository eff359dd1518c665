import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { WILDCARD_PARAM } from '../../src/platform/openapi.js';
import { createTestApp } from '../helpers.js';
import { caseArbitrary, rawRouteCaseArbitrary, unknownRouteCaseArbitrary } from './cases.js';
import { answerOf, problemsOf } from './check.js';
import type { AuthMode, FuzzCase } from './draft.js';
import { describeValue } from './hostile.js';
import { documentPathOf, type OpenApiDocument, operationsOf } from './operations.js';
import { FuzzSession } from './session.js';

/**
 * Walks every operation of the API reference the built app serves and sends generated bad input derived
 * from each operation's schemas (fast-check), signed out and signed in, asserting on every answer: no 5xx,
 * and the error shape on every 4xx. A route added tomorrow is in the document, so it is fuzzed with no extra
 * work; a route the document does not show must be handled explicitly below or the first test fails.
 *
 * The routes are split between two test files (api-fuzz.test.ts, api-fuzz-2.test.ts), so the two workers of a run
 * share them. `npm test` sends FUZZ_RUNS (15) cases per route and sign-in state with a fixed seed; `npm run fuzz` sends
 * more with a new seed each time (scripts/fuzz.mjs). Every failure names the route, the case, the answer and
 * how to replay it.
 */

const runs = Number.parseInt(process.env.FUZZ_RUNS ?? '15', 10);
const seed = Number.parseInt(process.env.FUZZ_SEED ?? '20260601', 10);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`FUZZ_RUNS must be a positive integer, not ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
const caseTimeoutMs = 60_000 + runs * 2 * 3_000;
// printed once per part
const banner = () =>
  console.log(`fuzz: seed ${seed}, ${runs} cases per route and sign-in state (FUZZ_SEED=${seed} FUZZ_RUNS=${runs})`);

/** How many test files share the routes. */
export const FUZZ_PARTS = 2;

/** Defines the fuzz tests of one part: its share of the operations; part 1 also the checks outside the document. */
export async function defineFuzzSuite(part: number): Promise<void> {
  banner();
  const registered: RouteOptions[] = [];
  const t = await createTestApp({ build: { onRoute: (route) => void registered.push(route) } });
  await t.app.ready();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  const operations = operationsOf(doc);
  for (const route of registered) {
    if (!route.url.includes('*')) continue;
    const op = operations.find((o) => o.path === documentPathOf(route.url));
    if (op) op.wildcard = WILDCARD_PARAM;
  }
  const session = await FuzzSession.start(t.app, t.config.publicUrl);
  afterAll(() => {
    if (process.env.FUZZ_STATS === '1') {
      const lines = [...statuses].map(([name, byStatus]) => {
        const counts = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
        return `  ${name.padEnd(60)} ${counts.join(' ')}`;
      });
      console.log(`fuzz: answers by status\n${lines.join('\n')}`);
    }
    // not failures: routes such as sign-out end the session when a case is valid enough; the run signed in again
    if (session.endedBy.length > 0)
      console.log(`fuzz: the session was ended (and renewed) by\n  ${session.endedBy.join('\n  ')}`);
  });

  const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
  const isWebSocket = (route: RouteOptions) => Boolean((route as { websocket?: boolean }).websocket);
  const isReferenceUi = (route: RouteOptions) => route.url === '/api/docs' || route.url.startsWith('/api/docs/');
  const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
  const extraRoutes = registered.filter((r) => isWebSocket(r) || isReferenceUi(r));

  /** Answers per status and route, printed with FUZZ_STATS=1 to see how deep the cases get. */
  const statuses = new Map<string, Map<number, number>>();
  const statusesOf = (name: string) => statuses.get(name) ?? statuses.set(name, new Map()).get(name)!;

  /** A seed per route and sign-in state: one route's cases do not depend on any other route. */
  function seedOf(name: string): number {
    let h = seed | 0;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    return h >>> 0;
  }

  function replayHint(testName: string): string {
    const pattern = testName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return `replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz -- -t '${pattern}$'`;
  }

  /** Sends the cases and answers the failures, each with the request, the answer and what is wrong. */
  type Failure = { text: string; problems: string[] };

  async function send(testName: string, cases: FuzzCase[], mode: AuthMode, guarded: boolean): Promise<Failure[]> {
    const failures: Failure[] = [];
    for (const [i, c] of cases.entries()) {
      const request = { method: c.method, url: c.url, headers: { ...session.headers(mode), ...c.headers } };
      const body =
        c.payload === undefined
          ? ''
          : `\n      body ${describeValue(Buffer.isBuffer(c.payload) ? c.payload.toString('latin1') : c.payload, 240)}`;
      const where = `#${i} [${mode}] ${c.method} ${describeValue(c.url, 120).replace(/^"|"$/g, '')} | ${c.label}${body}`;
      try {
        const response = await t.app.inject({
          ...request,
          method: c.method as 'GET',
          payload: c.payload,
          remoteAddress: c.remoteAddress,
        });
        const answer = answerOf(response);
        const problems = problemsOf(answer, c, guarded && mode === 'anonymous');
        const byStatus = statusesOf(testName);
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
        if (problems.length > 0) {
          const text = `${where}\n      -> ${answer.status} ${answer.body.slice(0, 300)}\n      !! ${problems.join('; ')}`;
          // grouped in the summary by kind: "answered 5xx", "error body echoes the request path", ...
          failures.push({ text, problems: problems.map((p) => p.replace(/\b5\d\d\b/, '5xx')) });
        }
      } catch (error) {
        const message = `the request could not be sent: ${(error as Error).message}`;
        failures.push({ text: `${where}\n      !! ${message}`, problems: [message] });
      }
      if (mode !== 'anonymous') await session.keepAlive(`${testName} #${i} [${mode}] ${c.label}`);
    }
    return failures;
  }

  function report(testName: string, failures: Failure[], total: number): string {
    const shown = failures.slice(0, 25).map((f) => f.text);
    const kinds = new Map<string, number>();
    for (const f of failures) for (const p of f.problems) kinds.set(p, (kinds.get(p) ?? 0) + 1);
    return [
      `${testName}: ${failures.length} of ${total} fuzzed requests got a wrong answer (seed ${seed})`,
      `  ${[...kinds].map(([p, n]) => `${n} x ${p}`).join('; ')}`,
      ...shown.map((f) => `  ${f}`),
      ...(failures.length > shown.length ? [`  ... and ${failures.length - shown.length} more`] : []),
      `  ${replayHint(testName)}`,
    ].join('\n');
  }

  /** Cases for both sign-in states: signed out, then signed in (bearer and cookie in turn). */
  async function fuzz(testName: string, arbitrary: fc.Arbitrary<FuzzCase>, guarded: boolean) {
    const anonymous = fc.sample(arbitrary, { numRuns: runs, seed: seedOf(`${testName} anonymous`) });
    const signedIn = fc.sample(arbitrary, { numRuns: runs, seed: seedOf(`${testName} signed-in`) });
    const failures = [
      ...(await send(testName, anonymous, 'anonymous', guarded)),
      ...(await send(
        testName,
        signedIn.filter((_, i) => i % 2 === 0),
        'bearer',
        guarded,
      )),
      ...(await send(
        testName,
        signedIn.filter((_, i) => i % 2 === 1),
        'cookie',
        guarded,
      )),
    ];
    if (failures.length > 0) throw new Error(report(testName, failures, 2 * runs));
  }

  describe(`API fuzz, part ${part} of ${FUZZ_PARTS}`, () => {
    if (part === 1) {
      it('covers every registered route: in the API reference, or handled explicitly here', () => {
        const unhandled: string[] = [];
        for (const route of registered) {
          for (const method of methodsOf(route)) {
            const name = `${method} ${route.url}`;
            if (documented.has(`${method} ${documentPathOf(route.url)}`)) continue;
            if (isWebSocket(route) || isReferenceUi(route)) continue; // fuzzed with raw requests below
            // Fastify answers HEAD with the GET handler: the GET cases cover it, and a HEAD answer has no body to check
            if (method === 'HEAD' && registered.some((r) => r.url === route.url && methodsOf(r).includes('GET')))
              continue;
            unhandled.push(name);
          }
        }
        expect(unhandled, 'routes neither in the API reference nor handled by the fuzz suite').toEqual([]);
        expect(operations.length).toBeGreaterThan(30);
        expect(extraRoutes.some(isWebSocket)).toBe(true);
      });
    }

    for (const op of operations.filter((_, i) => i % FUZZ_PARTS === part - 1)) {
      it(op.name, () => fuzz(op.name, caseArbitrary(op), op.guarded), caseTimeoutMs);
    }
    if (part !== 1) return;

    // Outside the document: the WebSocket upgrade (inject cannot upgrade, so its HTTP side is fuzzed: query,
    // headers, upgrade headers without a socket) and the reference UI's own files (path, query, headers).
    for (const route of extraRoutes) {
      for (const method of methodsOf(route).filter((m) => m !== 'HEAD')) {
        const name = `${method} ${route.url} (${isWebSocket(route) ? 'WebSocket upgrade' : 'API reference UI'})`;
        it(name, () => fuzz(name, rawRouteCaseArbitrary(method, route.url), false), caseTimeoutMs);
      }
    }

    it(
      'addresses no route answers (the not-found handler)',
      () => fuzz('unknown routes', unknownRouteCaseArbitrary, false),
      caseTimeoutMs,
    );
  });
}

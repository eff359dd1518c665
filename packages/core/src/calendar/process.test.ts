import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSimulatedMarket } from '../market/sim/market.js';
import { earningsEvents, ipoEvents } from './corporate.js';
import { economicEvents } from './economic.js';

const FROM = Date.UTC(2033, 5, 1);
const TO = Date.UTC(2033, 6, 1);
const NFP = Date.UTC(2033, 5, 3, 12, 30) / 1000;

function digest(): string {
  const m = createSimulatedMarket();
  return JSON.stringify([
    economicEvents(FROM, TO),
    earningsEvents(FROM, TO).length,
    ipoEvents(FROM, TO),
    m.minuteBar('EURUSD', NFP),
    m.minuteBar('EURUSD', NFP + 600),
  ]);
}

describe('the simulated calendar in another process', () => {
  it('gives the same events and the same prices at them', () => {
    const calendar = fileURLToPath(new URL('./index.ts', import.meta.url));
    const market = fileURLToPath(new URL('../market/sim/market.ts', import.meta.url));
    const code = `
      import { economicEvents, earningsEvents, ipoEvents } from ${JSON.stringify(calendar)};
      import { createSimulatedMarket } from ${JSON.stringify(market)};
      // a different query order first: results must not depend on it
      earningsEvents(${FROM + 86_400_000 * 20}, ${TO + 86_400_000 * 90});
      economicEvents(${TO}, ${TO + 86_400_000 * 40});
      const m = createSimulatedMarket();
      console.log(JSON.stringify([
        economicEvents(${FROM}, ${TO}),
        earningsEvents(${FROM}, ${TO}).length,
        ipoEvents(${FROM}, ${TO}),
        m.minuteBar('EURUSD', ${NFP}),
        m.minuteBar('EURUSD', ${NFP + 600}),
      ]));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(digest());
  }, 60_000);
});

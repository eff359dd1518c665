import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/bus/event-bus.js';
import { createImportVersions, IMPORTS_BUS_CHANNEL, IMPORTS_CHANGED_EVENT } from './import-versions.js';

function setup(recheckMs = 1000) {
  const bus = createMemoryBus();
  const fingerprints = new Map<string, string>();
  let reads = 0;
  let ms = 0;
  const versions = createImportVersions({
    bus,
    recheckMs,
    now: () => ms,
    fingerprint: async (symbol) => {
      reads++;
      return fingerprints.get(symbol) ?? '';
    },
  });
  return {
    bus,
    versions,
    fingerprints,
    reads: () => reads,
    advance: (by: number) => {
      ms += by;
    },
  };
}

describe('import versions', () => {
  it('keeps a version without asking the database again until the recheck interval has passed', async () => {
    const s = setup();
    const v = await s.versions.version('EURUSD');
    expect(await s.versions.version('EURUSD')).toBe(v);
    expect(s.reads()).toBe(1);
    s.advance(999);
    expect(await s.versions.version('EURUSD')).toBe(v);
    expect(s.reads()).toBe(1);
    s.advance(1);
    expect(await s.versions.version('EURUSD')).toBe(v);
    expect(s.reads()).toBe(2);
  });

  it('moves at once on a change made here, and on one announced by another process', async () => {
    const s = setup();
    const v1 = await s.versions.version('EURUSD');
    const other = await s.versions.version('GBPUSD');
    s.versions.changed('EURUSD');
    const v2 = await s.versions.version('EURUSD');
    expect(v2).not.toBe(v1);
    await s.bus.publish({ channel: IMPORTS_BUS_CHANNEL, event: IMPORTS_CHANGED_EVENT, data: { symbol: 'EURUSD' } });
    const v3 = await s.versions.version('EURUSD');
    expect(new Set([v1, v2, v3]).size).toBe(3);
    expect(await s.versions.version('GBPUSD')).toBe(other);
    // malformed or unrelated messages are ignored
    await s.bus.publish({ channel: IMPORTS_BUS_CHANNEL, event: IMPORTS_CHANGED_EVENT, data: null });
    await s.bus.publish({ channel: 'user:1', event: IMPORTS_CHANGED_EVENT, data: { symbol: 'EURUSD' } });
    expect(await s.versions.version('EURUSD')).toBe(v3);
    s.versions.close();
  });

  it('notices within the recheck interval an import made by a writer that shares no bus (the command line)', async () => {
    const s = setup();
    const v1 = await s.versions.version('EURUSD');
    s.fingerprints.set('EURUSD', 'abc');
    expect(await s.versions.version('EURUSD')).toBe(v1);
    s.advance(1000);
    const v2 = await s.versions.version('EURUSD');
    expect(v2).not.toBe(v1);
    s.advance(1000);
    expect(await s.versions.version('EURUSD')).toBe(v2);
  });

  it('asks the database once for concurrent requests', async () => {
    const s = setup();
    await Promise.all([s.versions.version('EURUSD'), s.versions.version('EURUSD'), s.versions.version('EURUSD')]);
    expect(s.reads()).toBe(1);
  });
});

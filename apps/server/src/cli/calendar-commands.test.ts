import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers.js';
import { createCalendarRepository } from '../modules/calendar/calendar.repository.js';
import type { EventBus } from '../platform/bus/event-bus.js';
import { checkCalendarImportOptions, importCalendarCommand } from './calendar-commands.js';
import { type CliContext, CliError } from './cli-context.js';
import { runCli } from './run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/calendar/${name}`, import.meta.url));

function output() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (s: string) => (out.stdout += s), isTTY: false },
      stderr: { write: (s: string) => (out.stderr += s), isTTY: false },
    },
  };
}

describe('tradedesk calendar import', () => {
  it('imports an earnings CSV and an IPO CSV, labelled with their source; again updates, not duplicates', async () => {
    const { database } = await createTestDatabase();
    const ctx: CliContext = { config: testConfig(), database, bus: {} as EventBus, close: async () => {} };
    const { out, io } = output();
    await importCalendarCommand(ctx, { file: fixture('earnings.csv'), kind: 'earnings', source: 'Nasdaq export' }, io);
    await importCalendarCommand(ctx, { file: fixture('earnings.csv'), kind: 'earnings', source: 'Nasdaq export' }, io);
    await importCalendarCommand(ctx, { file: fixture('ipos.csv'), kind: 'ipos', source: undefined }, io);
    expect(out.stdout).toContain('Imported 2 earnings events');
    expect(out.stdout).toContain('Imported 1 IPO events');
    const repo = createCalendarRepository(database.db);
    const earnings = await repo.inRange('earnings', Date.parse('2026-04-01'), Date.parse('2026-06-01'));
    expect(earnings.map((e) => [e.title, e.source])).toEqual([
      ['Microsoft Corporation', 'Nasdaq export'],
      ['Apple Inc.', 'Nasdaq export'],
    ]);
    const ipos = await repo.inRange('ipo', Date.parse('2026-03-01'), Date.parse('2026-04-01'));
    expect(ipos.map((e) => e.source)).toEqual(['ipos.csv']);
  });

  it('refuses a file with bad lines, naming them, and stores nothing', async () => {
    const { database } = await createTestDatabase();
    const ctx: CliContext = { config: testConfig(), database, bus: {} as EventBus, close: async () => {} };
    await expect(
      importCalendarCommand(ctx, { file: fixture('earnings-bad.csv'), kind: 'earnings', source: 'bad' }, output().io),
    ).rejects.toThrow(/line 3: company is missing/);
    const repo = createCalendarRepository(database.db);
    expect(await repo.inRange('earnings', 0, Date.parse('2100-01-01'))).toEqual([]);
  });

  it('is a usage error without --kind or with the Simulated source', async () => {
    expect(() => checkCalendarImportOptions({ file: 'x.csv', kind: undefined, source: undefined })).toThrow(CliError);
    expect(() => checkCalendarImportOptions({ file: 'x.csv', kind: 'ipos', source: 'Simulated' })).toThrow(/Simulated/);
    const { out, io } = output();
    expect(await runCli(['calendar', 'import', 'x.csv'], { ...io, env: {} })).toBe(2);
    expect(out.stderr).toContain('--kind is required');
    expect(await runCli(['calendar', 'export'], { ...io, env: {} })).toBe(2);
  });
});

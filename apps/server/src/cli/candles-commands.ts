import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  type CandleImport,
  candleImportTimeframeSchema,
  candleSymbolSchema,
  timeZoneSchema,
} from '@tradedesk/contracts';
import type { CandleImportTimeframe } from '@tradedesk/core';
import type { z } from 'zod';
import { createCandlesRepository } from '../modules/candles/candles.repository.js';
import { createCandlesService } from '../modules/candles/candles.service.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { systemClock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { CliContext } from './cli-context.js';
import { CliError } from './cli-context.js';
import { type CliStream, createProgressLine, formatSize } from './progress-line.js';

export type CommandIo = { stdout: CliStream; stderr: CliStream };

/** Checks a value with the contract's schema; a bad one is a usage error with the schema's sentence. */
function check<T extends z.ZodType>(schema: T, value: unknown, option: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError(`${option}: ${parsed.error.issues[0]?.message ?? 'is not valid.'}`, 2);
}

function serviceOf(ctx: CliContext) {
  return createCandlesService({ repo: createCandlesRepository(ctx.database.db), bus: ctx.bus, clock: systemClock });
}

async function ownerOf(ctx: CliContext, email: string | undefined): Promise<{ id: string | null; label: string }> {
  if (email === undefined) return { id: null, label: 'every user' };
  const user = await createUsersRepository(ctx.database.db).findByEmail(email);
  if (!user) throw new CliError(`--user: no account has the email ${email}.`);
  return { id: user.id, label: user.email };
}

const when = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const number = (n: number) => n.toLocaleString('en-US');

export type ImportOptions = {
  file: string;
  symbol: string | undefined;
  timeframe: string | undefined;
  tz: string | undefined;
  user: string | undefined;
  maxErrors: string | undefined;
};

/** Checks the options before anything is opened, so a typo costs nothing. */
export function checkImportOptions(options: ImportOptions) {
  if (options.symbol === undefined) throw new CliError('--symbol is required, e.g. --symbol EURUSD.', 2);
  const maxErrors = options.maxErrors === undefined ? 20 : Number(options.maxErrors);
  if (!Number.isInteger(maxErrors) || maxErrors < 1 || maxErrors > 10_000) {
    throw new CliError('--max-errors must be a whole number from 1 to 10000.', 2);
  }
  return {
    symbol: check(candleSymbolSchema, options.symbol, '--symbol'),
    timeframe:
      options.timeframe === undefined
        ? undefined
        : (check(candleImportTimeframeSchema, options.timeframe, '--timeframe') as CandleImportTimeframe),
    timeZone: options.tz === undefined ? undefined : check(timeZoneSchema, options.tz, '--tz'),
    maxErrors,
  };
}

export async function importCandlesCommand(ctx: CliContext, options: ImportOptions, io: CommandIo): Promise<void> {
  const checked = checkImportOptions(options);
  const info = await stat(options.file).catch(() => undefined);
  if (!info?.isFile()) throw new CliError(`${options.file} is not a file that can be read.`);
  const owner = await ownerOf(ctx, options.user);
  const service = createCandlesService({
    repo: createCandlesRepository(ctx.database.db),
    bus: ctx.bus,
    clock: systemClock,
    maxErrors: checked.maxErrors,
  });
  const bar = createProgressLine(io.stderr);
  try {
    const result = await service.importFile({
      ownerId: owner.id,
      symbol: checked.symbol,
      timeframe: checked.timeframe,
      timeZone: checked.timeZone,
      file: {
        name: basename(options.file),
        size: info.size,
        open: () => createReadStream(options.file, { highWaterMark: 256 * 1024 }),
      },
      onProgress: (p) =>
        bar.update(p.phase === 'validating' ? 'Checking' : 'Storing', p.bytes, p.totalBytes, `${number(p.rows)} bars`),
    });
    bar.done();
    for (const warning of result.warnings) io.stderr.write(`warning: ${warning}\n`);
    io.stdout.write(
      `Imported ${number(result.rows)} ${result.timeframe} bars of ${result.symbol} from ${when(result.firstTime)} to ` +
        `${when(result.lastTime)} (${result.format}, ${formatSize(info.size)}) for ${owner.label}; ` +
        `${number(result.replaced)} earlier bars replaced. Import id: ${result.id}\n`,
    );
  } catch (error) {
    bar.done();
    if (error instanceof AppError && error.code === 'CANDLES_IMPORT_INVALID') {
      const details = error.details as { errors: Array<{ message: string }>; truncated: boolean };
      const lines = details.errors.map((e) => `  ${e.message}`);
      if (details.truncated) lines.push(`  Stopped after ${details.errors.length} errors; there are more.`);
      throw new CliError(`${options.file} was not imported; nothing was stored.\n${lines.join('\n')}`);
    }
    throw error;
  }
}

export async function listImportsCommand(
  ctx: CliContext,
  options: { user: string | undefined; symbol: string | undefined },
  io: CommandIo,
): Promise<void> {
  const symbol = options.symbol === undefined ? undefined : check(candleSymbolSchema, options.symbol, '--symbol');
  const owner = await ownerOf(ctx, options.user);
  const imports = await serviceOf(ctx).listOwnedImports(owner.id, symbol);
  if (imports.length === 0) {
    io.stdout.write(`No candle imports for ${owner.label}${symbol ? ` of ${symbol}` : ''}.\n`);
    return;
  }
  const rows = imports.map((i: CandleImport) => [
    i.id,
    i.symbol,
    i.timeframe,
    number(i.rows),
    when(i.firstTime),
    when(i.lastTime),
    i.fileName,
  ]);
  const header = ['id', 'symbol', 'tf', 'bars', 'first', 'last', 'file'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    `${cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd()}\n`;
  io.stdout.write(`Candle imports for ${owner.label}:\n`);
  io.stdout.write(line(header));
  for (const r of rows) io.stdout.write(line(r));
}

export const isImportId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function deleteImportCommand(ctx: CliContext, id: string, io: CommandIo): Promise<void> {
  try {
    const removed = await serviceOf(ctx).deleteImportAsOperator(id);
    io.stdout.write(
      `Deleted import ${removed.id}: ${number(removed.rows)} ${removed.timeframe} bars of ${removed.symbol}.\n`,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'CANDLES_IMPORT_NOT_FOUND') {
      throw new CliError(`There is no import with the id ${id}.`);
    }
    throw error;
  }
}

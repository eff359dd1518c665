import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as core from '@tradedesk/core';
import { createCalendarRepository } from '../modules/calendar/calendar.repository.js';
import {
  CALENDAR_IMPORT_KINDS,
  CalendarImportError,
  type CalendarImportKind,
  parseCalendarFile,
} from '../modules/calendar/calendar.import.js';
import { createCalendarService } from '../modules/calendar/calendar.service.js';
import { systemClock } from '../platform/clock.js';
import type { CliContext } from './cli-context.js';
import { CliError } from './cli-context.js';
import type { CommandIo } from './candles-commands.js';

export type CalendarImportOptions = { file: string; kind: string | undefined; source: string | undefined };

/** Checks the options before the database is opened. */
export function checkCalendarImportOptions(options: CalendarImportOptions): { kind: CalendarImportKind; source: string } {
  if (!options.kind || !(CALENDAR_IMPORT_KINDS as readonly string[]).includes(options.kind)) {
    throw new CliError(`--kind is required: one of ${CALENDAR_IMPORT_KINDS.join(', ')}.`, 2);
  }
  const source = (options.source ?? basename(options.file)).trim();
  if (source === '' || source.length > 80 || source.toLowerCase() === 'simulated') {
    throw new CliError('--source must be 1 to 80 characters and not "Simulated".', 2);
  }
  return { kind: options.kind as CalendarImportKind, source };
}

/** Reads the file first (all or nothing: a bad line refuses the file), then stores its events. */
export async function importCalendarCommand(ctx: CliContext, options: CalendarImportOptions, io: CommandIo) {
  const { kind, source } = checkCalendarImportOptions(options);
  const info = await stat(options.file).catch(() => undefined);
  if (!info?.isFile()) throw new CliError(`${options.file} is not a file that can be read.`);
  if (info.size > ctx.config.importMaxBytes) {
    throw new CliError(`${options.file} is larger than IMPORT_MAX_BYTES (${ctx.config.importMaxBytes} bytes).`);
  }
  let events: ReturnType<typeof parseCalendarFile>;
  try {
    events = parseCalendarFile(await readFile(options.file, 'utf8'), kind, source);
  } catch (error) {
    if (error instanceof CalendarImportError) throw new CliError(error.message);
    throw error;
  }
  const service = createCalendarService({
    repo: createCalendarRepository(ctx.database.db),
    clock: systemClock,
    sim: core,
    simulated: false,
  });
  const stored = await service.store(events);
  io.stdout.write(`Imported ${stored} ${kind === 'ipos' ? 'IPO' : kind} events from ${options.file} as source "${source}".\n`);
}

import {
  CANDLE_IMPORT_PROGRESS_EVENT,
  type CandleImport,
  type CandleImportList,
  type CandleImportProgress,
  type CandleImportResult,
  type CandleImportsQuery,
} from '@tradedesk/contracts';
import { type CandleCsvFormat, type CandleCsvResult, type CandleImportTimeframe, readCandleCsv } from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';
import { candlesError } from './candles.errors.js';
import { type CandleImportWithSeries, type CandlesRepository, INSERT_BATCH } from './candles.repository.js';
import { createImportVersions } from './import-versions.js';
import { createImportedBarsReader } from './imported-bars.js';

/** A file to import, readable from the start as often as needed (it is read twice: checked, then stored). */
export type CandleFileSource = {
  name: string;
  size: number;
  open(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
};

export type ImportCandlesInput = {
  /** The owner of the bars; null stores them for every user of the deployment (the command line's default). */
  ownerId: string | null;
  symbol: string;
  timeframe?: CandleImportTimeframe | undefined;
  /** IANA zone of times written without an offset (UTC when left out). */
  timeZone?: string | undefined;
  file: CandleFileSource;
  /** Progress of both readings, besides the `candles.import.progress` events on the owner's `user` channel. */
  onProgress?: (progress: CandleImportProgress) => void;
};

/** Progress is published at most this many times per reading of a file (plus the last). */
const PROGRESS_STEPS = 100;

export function createCandlesService(deps: {
  repo: CandlesRepository;
  bus: EventBus;
  clock: Clock;
  /** Bad rows listed before a refused file stops being read. */
  maxErrors?: number;
  /** Bars written per INSERT (tests lower it to cross batch boundaries with small files). */
  batchSize?: number;
  /** How often a symbol's imports are compared with the database's, for writers sharing no bus (ms). */
  importsRecheckMs?: number;
}) {
  const { repo, bus, clock } = deps;
  const versions = createImportVersions({
    bus,
    fingerprint: (symbol) => repo.importsFingerprint(symbol),
    recheckMs: deps.importsRecheckMs,
  });
  const importedBars = createImportedBarsReader(repo, versions);
  const maxErrors = deps.maxErrors ?? 20;
  const batchSize = Math.min(deps.batchSize ?? INSERT_BATCH, INSERT_BATCH);
  /** Owners with an import under way in this process ('*': the deployment). */
  const busy = new Set<string>();

  function progressReporter(input: ImportCandlesInput, importId: string) {
    const step = Math.max(64 * 1024, Math.ceil(input.file.size / PROGRESS_STEPS));
    let last = -1;
    let lastPhase = '';
    return (phase: CandleImportProgress['phase'], rows: number, bytes: number, final = false) => {
      if (!final && phase === lastPhase && bytes - last < step) return;
      last = bytes;
      lastPhase = phase;
      const data: CandleImportProgress = {
        importId,
        symbol: input.symbol,
        phase,
        rows,
        bytes,
        totalBytes: input.file.size,
      };
      input.onProgress?.(data);
      if (input.ownerId) {
        void bus.publish({ channel: userBusChannel(input.ownerId), event: CANDLE_IMPORT_PROGRESS_EVENT, data });
      }
    };
  }

  return {
    /**
     * Claims the owner's one import slot of this process; answers the function that gives it back. A second
     * upload of the same user while one runs is a 409, so nobody fills the disk with parallel 100 MB uploads.
     */
    reserve(ownerId: string | null): () => void {
      const key = ownerId ?? '*';
      if (busy.has(key)) {
        throw candlesError(
          'CANDLES_IMPORT_BUSY',
          'Another import of yours is still running. Wait for it to finish, then send this file again.',
        );
      }
      busy.add(key);
      return () => {
        busy.delete(key);
      };
    },

    /**
     * Imports a CSV file of candles, all or nothing. The file is read twice: first checked whole (no database
     * work, so a bad file costs nothing), then stored in one transaction that replaces the owner's bars of that
     * symbol and timeframe in the file's range. A failure at any point leaves the database as it was.
     */
    async importFile(input: ImportCandlesInput): Promise<CandleImportResult> {
      const importId = newId();
      const timeZone = input.timeZone ?? 'UTC';
      const report = progressReporter(input, importId);

      const checked = await readCandleCsv(input.file.open(), {
        timeZone,
        timeframe: input.timeframe,
        maxErrors,
        onProgress: (p) => report('validating', p.rows, p.bytes),
      });
      report('validating', checked.rows, checked.bytes, true);
      if (!checked.ok) throw invalidFile(checked);
      const timeframe = checked.timeframe!;
      const format = checked.format!;
      const firstTime = checked.firstTime!;
      const lastTime = checked.lastTime!;
      const createdAt = clock.now();

      const replaced = await repo.transaction(async (tx) => {
        await tx.lockSeriesKey(input.ownerId, input.symbol, timeframe);
        let series = await tx.findSeries(input.ownerId, input.symbol, timeframe);
        if (!series) {
          series = { id: newId(), ownerId: input.ownerId, symbol: input.symbol, timeframe, createdAt };
          await tx.insertSeries(series);
        }
        const seriesId = series.id;
        await tx.insertImport({
          id: importId,
          seriesId,
          format,
          fileName: input.file.name,
          timeZone,
          rows: checked.rows,
          firstTime,
          lastTime,
          createdAt,
        });
        const { deleted, importIds } = await tx.deleteBarsInRange(seriesId, firstTime, lastTime);
        const stored = await readCandleCsv(input.file.open(), {
          timeZone,
          timeframe,
          maxErrors: 1,
          batchSize,
          onBars: (bars) => tx.insertBars(seriesId, importId, bars),
          onProgress: (p) => report('storing', p.rows, p.bytes),
        });
        if (
          !stored.ok ||
          stored.rows !== checked.rows ||
          stored.firstTime !== firstTime ||
          stored.lastTime !== lastTime
        ) {
          // Only a file that changed between the two readings gets here; the transaction is rolled back.
          throw candlesError(
            'CANDLES_IMPORT_INVALID',
            'The file changed while it was being imported, so nothing was imported. Send it again.',
            { errors: stored.errors, truncated: stored.truncated },
          );
        }
        await tx.refreshImports(importIds);
        return deleted;
      });
      versions.changed(input.symbol);
      report('storing', checked.rows, checked.bytes, true);

      return {
        id: importId,
        symbol: input.symbol,
        timeframe,
        scope: input.ownerId === null ? 'deployment' : 'user',
        format,
        fileName: input.file.name,
        timeZone,
        rows: checked.rows,
        firstTime,
        lastTime,
        createdAt: createdAt.toISOString(),
        replaced,
        warnings: checked.warnings,
      };
    },

    /** The imports a user sees: their own uploads and the deployment's, newest first. */
    async listImports(userId: string, query: CandleImportsQuery): Promise<CandleImportList> {
      const { rows, total } = await repo.listVisibleImports(userId, {
        symbol: query.symbol,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { imports: rows.map(toImport), total, page: query.page, limit: query.limit };
    },

    /** Imports of one owner, or of the deployment (null), for the command line. */
    async listOwnedImports(ownerId: string | null, symbol?: string): Promise<CandleImport[]> {
      return (await repo.listOwnedImports(ownerId, symbol)).map(toImport);
    },

    /**
     * Deletes one of the user's imports with its bars. Another user's import is not found; a deployment-wide
     * import is read-only here (an operator removes it with the command line).
     */
    async deleteImport(userId: string, id: string): Promise<void> {
      const found = await repo.findVisibleImport(userId, id);
      if (!found) throw candlesError('CANDLES_IMPORT_NOT_FOUND', 'There is no import with this id.');
      if (found.ownerId === null) {
        throw candlesError(
          'CANDLES_IMPORT_READ_ONLY',
          'This import serves every user of the deployment; an operator removes it with `tradedesk delete-candle-import`.',
        );
      }
      await removeImport(found);
    },

    /** Deletes any import by id (the operator's command line). */
    async deleteImportAsOperator(id: string): Promise<CandleImport> {
      const found = await repo.findImport(id);
      if (!found) throw candlesError('CANDLES_IMPORT_NOT_FOUND', 'There is no import with this id.');
      await removeImport(found);
      return toImport(found);
    },

    findImportedBars: importedBars.findImportedBars,

    /** Timeframes of the symbol with imported bars the user sees (their own and the deployment's). */
    importedTimeframes: importedBars.importedTimeframes,

    /**
     * A number that changes whenever an import of the symbol is added or deleted (here, in another process, or by
     * the command line): answers built from imported bars may be cached under it. Read it before the bars.
     */
    importsVersion: (symbol: string) => versions.version(symbol),

    /** Calls `listener` with a symbol whose imports changed; answers the function that stops it. */
    onImportsChanged: (listener: (symbol: string) => void) => versions.onChanged(listener),

    close: () => versions.close(),
  };

  async function removeImport(found: CandleImportWithSeries): Promise<void> {
    await repo.transaction(async (tx) => {
      await tx.lockSeriesKey(found.ownerId, found.symbol, found.timeframe);
      await tx.deleteImport(found.id, found.seriesId);
    });
    versions.changed(found.symbol);
  }
}
export type CandlesService = ReturnType<typeof createCandlesService>;

function toImport(row: CandleImportWithSeries): CandleImport {
  return {
    id: row.id,
    symbol: row.symbol,
    timeframe: row.timeframe,
    scope: row.ownerId === null ? 'deployment' : 'user',
    format: row.format as CandleCsvFormat,
    fileName: row.fileName,
    timeZone: row.timeZone,
    rows: row.rows,
    firstTime: row.firstTime,
    lastTime: row.lastTime,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The 400 of a refused file: a sentence with the first problem; every bad row by line in `details`. */
function invalidFile(result: CandleCsvResult) {
  const first = result.errors[0];
  const details = { errors: result.errors, truncated: result.truncated };
  if (!first) return candlesError('CANDLES_IMPORT_INVALID', 'The file has no bars, so nothing was imported.', details);
  if (result.errors.length === 1 && !result.truncated) {
    return candlesError('CANDLES_IMPORT_INVALID', `${first.message} Nothing was imported.`, details);
  }
  const count = `${result.errors.length}${result.truncated ? ' or more' : ''}`;
  return candlesError(
    'CANDLES_IMPORT_INVALID',
    `The file has ${count} problems, so nothing was imported. The first: ${first.message}`,
    details,
  );
}

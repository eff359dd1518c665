import { createHash } from 'node:crypto';
import {
  TRADE_IMPORT_MAX_PROBLEMS,
  TRADE_IMPORT_MAX_ROWS,
  type TradeImport,
  type TradeImportFormat,
  type TradeImportProblem,
} from '@tradedesk/contracts';
import { decimalToMinor, isValidTimeZone, minorToDecimal, minorUnitDigits } from '@tradedesk/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import type { AccountsService } from '../trading/accounts.service.js';
import type { TradingDealRow, TradingPositionRow } from '../trading/trading.table.js';
import { importError, importNotFound } from './imports.errors.js';
import type { ImportsRepository } from './imports.repository.js';
import type { TradeImportRow } from './imports.table.js';
import { type CheckedRecord, parseReport, UnreadableReportError } from './parsers/index.js';

/** Records booked per transaction; progress is written after each. */
export const IMPORT_BATCH_SIZE = 200;
/** An import still "processing" with no progress for this long lost its process (a restart): it is failed. */
const STALE_MS = 10 * 60_000;

/**
 * A report's decimal amount in minor units of the account currency, rounded half away from zero (an account in
 * JPY books 1234.5 as 1235).
 */
export function reportMinor(decimal: string, currency: string): number {
  const digits = minorUnitDigits(currency);
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = decimal.replace('-', '').split('.');
  let minor = Number(int + frac.slice(0, digits).padEnd(digits, '0'));
  if ((frac[digits] ?? '0') >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${decimal} is too large to book.`);
  return negative && minor !== 0 ? -minor : minor;
}

/** The key that tells a duplicate: the ticket when the report has one, else a hash of what identifies the row. */
export function recordKey(r: CheckedRecord): string {
  const hash = (parts: Array<string | number>) => createHash('sha256').update(parts.join('|')).digest('hex');
  if (r.kind === 'trade') {
    return r.ticket ? `t:${r.ticket}` : `h:${hash([r.symbol, r.side, r.volume, r.openTime, r.openPrice, r.closeTime])}`;
  }
  return r.ticket ? `b:${r.ticket}` : `bh:${hash([r.time, r.amount, r.comment])}`;
}

const timeOf = (r: CheckedRecord) => (r.kind === 'trade' ? r.closeTime : r.time);

export function toTradeImport(row: TradeImportRow): TradeImport {
  return {
    id: row.id,
    accountId: row.accountId,
    fileName: row.fileName,
    format: row.format as TradeImportFormat,
    status: row.status as TradeImport['status'],
    total: row.total,
    processed: row.processed,
    progress: row.total === 0 ? 100 : Math.floor((row.processed / row.total) * 1000) / 10,
    imported: row.imported,
    balanceRows: row.balanceRows,
    duplicates: row.duplicates,
    errors: row.errors,
    warnings: row.warnings,
    problems: row.problems,
    failure: row.failure,
    created: row.createdAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Imports of trades made elsewhere into an account of kind imported. The upload is read and checked at once (a
 * file that is no report is refused there); its records are then booked in batches after the answer, oldest first,
 * each trade as a closed position with its in and out deals and each balance row as a balance deal, so the
 * balance stays the starting balance plus the booked deals.
 */
export function createImportsService(deps: {
  repo: ImportsRepository;
  accounts: AccountsService;
  clock: Clock;
  log: FastifyBaseLogger;
  maxRows?: number;
  /** The plan's trade import switch (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, accounts, clock, log } = deps;
  const maxRows = deps.maxRows ?? TRADE_IMPORT_MAX_ROWS;
  const running = new Map<string, Promise<void>>();

  async function importable(userId: string, accountId: string) {
    const account = await accounts.owned(userId, accountId);
    if (account.kind !== 'imported') {
      throw importError(
        'TRADE_IMPORT_NOT_IMPORTED_ACCOUNT',
        `Trades can only be imported into an account of kind imported; "${account.name}" is a ${account.kind} account. Create an imported account first.`,
      );
    }
    if (account.status === 'archived') {
      throw importError(
        'TRADE_IMPORT_NOT_IMPORTED_ACCOUNT',
        `"${account.name}" is archived; connect it again before importing into it.`,
      );
    }
    return account;
  }

  /** Books the records in batches, writing the progress after each; marks the import done or failed. */
  async function run(importId: string, accountId: string, records: CheckedRecord[]): Promise<void> {
    const counts = { processed: 0, imported: 0, balanceRows: 0, duplicates: 0 };
    try {
      for (let i = 0; i < records.length; i += IMPORT_BATCH_SIZE) {
        const batch = records.slice(i, i + IMPORT_BATCH_SIZE);
        const done = await repo.batch(accountId, async (ops) => {
          const cur = ops.account.currency;
          const now = clock.now();
          // one id per record; a key met twice in the batch is claimed by its first record only
          const planned = batch.map((r) => ({ r, key: recordKey(r), id: newId() }));
          const first = new Map<string, (typeof planned)[number]>();
          for (const p of planned) if (!first.has(p.key)) first.set(p.key, p);
          const claimed = await ops.claim(
            [...first.values()].map((p) => ({
              key: p.key,
              importId,
              positionId: p.r.kind === 'trade' ? p.id : null,
              dealId: p.r.kind === 'balance' ? p.id : null,
            })),
          );
          const positions: TradingPositionRow[] = [];
          const deals: Array<Omit<TradingDealRow, 'seq'>> = [];
          let balance = decimalToMinor(ops.account.balance, cur);
          const book = (deal: Omit<TradingDealRow, 'seq' | 'balanceAfter' | 'amount'>, amountMinor: number) => {
            balance += amountMinor;
            deals.push({
              ...deal,
              amount: minorToDecimal(amountMinor, cur),
              balanceAfter: minorToDecimal(balance, cur),
            });
          };
          for (const { r, key, id } of planned) {
            counts.processed++;
            if (first.get(key)?.id !== id || !claimed.has(key)) {
              counts.duplicates++;
              continue;
            }
            if (r.kind === 'balance') {
              book(
                {
                  id,
                  accountId,
                  positionId: null,
                  orderId: null,
                  kind: 'balance',
                  entry: 'none',
                  symbol: null,
                  side: null,
                  volume: null,
                  price: null,
                  requestedPrice: null,
                  slippage: null,
                  gap: false,
                  profit: '0',
                  commission: '0',
                  swap: '0',
                  reason: 'import',
                  time: new Date(r.time),
                },
                reportMinor(r.amount, cur),
              );
              counts.balanceRows++;
              continue;
            }
            const profit = reportMinor(r.profit, cur);
            const commission = reportMinor(r.commission, cur);
            const swap = reportMinor(r.swap, cur);
            const openedAt = new Date(r.openTime);
            const closedAt = new Date(r.closeTime);
            positions.push({
              id,
              accountId,
              orderId: null,
              symbol: r.symbol,
              side: r.side,
              status: 'closed',
              volume: 0,
              initialVolume: r.volume,
              openPrice: r.openPrice,
              openedAt,
              stopLoss: r.stopLoss,
              takeProfit: r.takeProfit,
              trailingPips: null,
              closePrice: r.closePrice,
              closedAt,
              closeReason: 'import',
              profit: minorToDecimal(profit, cur),
              commission: minorToDecimal(commission, cur),
              swap: minorToDecimal(swap, cur),
              swapBookedUntil: closedAt,
              updatedAt: now,
            });
            const trade = {
              accountId,
              positionId: id,
              orderId: null,
              kind: 'trade',
              symbol: r.symbol,
              volume: r.volume,
              requestedPrice: null,
              slippage: null,
              gap: false,
              reason: 'import',
            } as const;
            book(
              {
                ...trade,
                id: newId(),
                entry: 'in',
                side: r.side,
                price: r.openPrice,
                profit: '0',
                commission: '0',
                swap: '0',
                time: openedAt,
              },
              0,
            );
            book(
              {
                ...trade,
                id: newId(),
                entry: 'out',
                side: r.side === 'buy' ? 'sell' : 'buy',
                price: r.closePrice,
                profit: minorToDecimal(profit, cur),
                commission: minorToDecimal(commission, cur),
                swap: minorToDecimal(swap, cur),
                time: closedAt,
              },
              profit + commission + swap,
            );
            counts.imported++;
          }
          if (!Number.isSafeInteger(balance)) throw new RangeError('The balance is too large to book.');
          await ops.positions(positions);
          await ops.deals(deals);
          if (deals.length > 0) await ops.setBalance(minorToDecimal(balance, cur));
          const last = i + IMPORT_BATCH_SIZE >= records.length;
          await ops.progress(importId, {
            ...counts,
            updatedAt: now,
            ...(last ? { status: 'done', finishedAt: now } : {}),
          });
          return true;
        });
        if (!done) return; // the account was deleted meanwhile: its imports went with it
      }
      if (records.length === 0) {
        const now = clock.now();
        await repo.update(importId, { status: 'done', finishedAt: now, updatedAt: now });
      }
    } catch (error) {
      log.error({ err: error, importId }, 'trade import failed');
      const now = clock.now();
      await repo
        .update(importId, {
          status: 'failed',
          failure:
            'The import stopped on a server error; the rows booked before it are kept. Import the file again: what is already imported is recognised as duplicates.',
          finishedAt: now,
          updatedAt: now,
        })
        .catch(() => undefined);
    }
  }

  /** A row still processing that no process of ours is running and that did not move for a while is failed. */
  async function settle(row: TradeImportRow): Promise<TradeImportRow> {
    if (row.status !== 'processing' || running.has(row.id)) return row;
    if (clock.now().getTime() - row.updatedAt.getTime() < STALE_MS) return row;
    const now = clock.now();
    return (
      (await repo.update(row.id, {
        status: 'failed',
        failure:
          'The server stopped during the import; the rows booked before are kept. Import the file again: what is already imported is recognised as duplicates.',
        finishedAt: now,
        updatedAt: now,
      })) ?? row
    );
  }

  return {
    /**
     * Reads the upload, stores the import and starts booking it; answers the import as it stands (processing,
     * with its total and the problems of lines that could not be read).
     */
    async start(
      userId: string,
      accountId: string,
      upload: { fileName: string; data: Buffer; format: TradeImportFormat | 'auto'; timeZone: string | undefined },
    ): Promise<TradeImport> {
      const account = await importable(userId, accountId);
      await deps.entitlements?.assertIncluded(userId, 'trade_import');
      const zone = upload.timeZone ?? 'UTC';
      if (!isValidTimeZone(zone)) {
        throw importError.onField(
          'time_zone',
          'TRADE_IMPORT_INVALID_FIELD',
          `time_zone "${zone}" is not a time zone; use an IANA name such as Europe/Athens, or leave it out for UTC.`,
        );
      }
      let parsed: ReturnType<typeof parseReport>;
      try {
        parsed = parseReport(upload.data, upload.format, { zone, maxRows });
      } catch (error) {
        if (error instanceof UnreadableReportError) {
          throw importError.onField('file', 'TRADE_IMPORT_UNREADABLE', error.message);
        }
        throw error;
      }
      const records = [...parsed.records].sort((a, b) => timeOf(a) - timeOf(b) || a.line - b.line);
      const problems: TradeImportProblem[] = parsed.problems.slice(0, TRADE_IMPORT_MAX_PROBLEMS);
      const now = clock.now();
      const row: TradeImportRow = {
        id: newId(),
        userId,
        accountId: account.id,
        fileName: upload.fileName,
        format: parsed.format,
        timeZone: zone,
        status: 'processing',
        total: records.length,
        processed: 0,
        imported: 0,
        balanceRows: 0,
        duplicates: 0,
        errors: parsed.problems.filter((p) => p.severity === 'error').length,
        warnings: parsed.problems.filter((p) => p.severity === 'warning').length,
        problems,
        failure: null,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
      };
      await repo.insert(row);
      const job = run(row.id, account.id, records).finally(() => running.delete(row.id));
      running.set(row.id, job);
      return toTradeImport(row);
    },

    async get(userId: string, accountId: string, importId: string): Promise<TradeImport> {
      await accounts.owned(userId, accountId);
      const row = await repo.find(userId, accountId, importId);
      if (!row) throw importNotFound();
      return toTradeImport(await settle(row));
    },

    async list(userId: string, accountId: string): Promise<TradeImport[]> {
      await accounts.owned(userId, accountId);
      const rows = await repo.list(userId, accountId, 50);
      return Promise.all(rows.map(async (r) => toTradeImport(await settle(r))));
    },

    /** Waits for every running import (shutdown, tests). */
    async flush(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;

import type { TradeImportProblem } from '@tradedesk/contracts';
import { type HtmlRow, htmlRows, titleOf } from './html-table.js';
import { headerKey } from './text.js';
import { type RawRecord, type RawReport, UnreadableReportError } from './types.js';

const SECTION =
  /^(positions|orders|deals|open positions|working orders|summary|results|closed transactions|open trades|details|trade history report|statement|closed p\/l)\s*:?$/i;

/** Column indexes of a header row by key; a key written twice (Time, Price) gets `key` then `key2`. */
function columns(header: HtmlRow): Map<string, number> {
  const out = new Map<string, number>();
  header.cells.forEach((text, i) => {
    const key = headerKey(text);
    if (!key) return;
    if (!out.has(key)) out.set(key, i);
    else if (!out.has(`${key}2`)) out.set(`${key}2`, i);
  });
  return out;
}

const isSection = (row: HtmlRow) => {
  const title = titleOf(row);
  return title !== undefined && SECTION.test(title);
};

/** The rows of the section titled `title` (after its header row), with that header's columns. */
function section(rows: HtmlRow[], title: RegExp): { header: Map<string, number>; body: HtmlRow[] } | undefined {
  const start = rows.findIndex((r) => {
    const t = titleOf(r);
    return t !== undefined && title.test(t);
  });
  if (start < 0 || start + 1 >= rows.length) return undefined;
  const header = columns(rows[start + 1]!);
  const body: HtmlRow[] = [];
  for (let i = start + 2; i < rows.length; i++) {
    const row = rows[i]!;
    if (isSection(row)) break;
    body.push(row);
  }
  return { header, body };
}

const at = (row: HtmlRow, header: Map<string, number>, key: string) => {
  const i = header.get(key);
  return i === undefined ? undefined : row.cells[i];
};

const BALANCE_TYPES = new Set(['balance', 'credit', 'deposit', 'withdrawal', 'bonus', 'correction', 'charge']);

/** Whether the document looks like a MetaTrader 5 "Trade History Report" (a Positions section). */
export function looksLikeMt5Html(text: string): boolean {
  return /<(td|th)[^>]*>\s*(<[^>]+>\s*)*Positions\s*(<[^>]+>\s*)*<\/(td|th)>/i.test(text);
}

/** Whether the document looks like a MetaTrader 4 "Statement" (a Closed Transactions section). */
export function looksLikeMt4Html(text: string): boolean {
  return /Closed Transactions\s*:?/i.test(text);
}

/**
 * A MetaTrader 5 "Trade History Report": the Positions table (Time, Position, Symbol, Type, Volume, Price, S / L,
 * T / P, Time, Price, Commission, Swap, Profit) gives the trades; balance rows come from the Deals table.
 */
export function parseMt5Html(html: string): RawReport {
  const rows = htmlRows(html);
  const positions = section(rows, /^positions$/i);
  if (!positions?.header.has('symbol') || !positions.header.has('time2')) {
    throw new UnreadableReportError(
      'The file is not a MetaTrader 5 Trade History Report: it has no Positions table with Time, Position, Symbol, Type, Volume, Price and Profit columns.',
    );
  }
  const out: RawRecord[] = [];
  const problems: TradeImportProblem[] = [];
  const h = positions.header;
  for (const row of positions.body) {
    if (row.cells.every((c) => c === '')) continue;
    // a totals row: no time, no ticket
    if (!at(row, h, 'time') && !at(row, h, 'position')) continue;
    out.push({
      kind: 'trade',
      line: row.line,
      ticket: at(row, h, 'position'),
      symbol: at(row, h, 'symbol'),
      type: at(row, h, 'type'),
      volume: at(row, h, 'volume'),
      openTime: at(row, h, 'time'),
      openPrice: at(row, h, 'price'),
      stopLoss: at(row, h, 'sl'),
      takeProfit: at(row, h, 'tp'),
      closeTime: at(row, h, 'time2'),
      closePrice: at(row, h, 'price2'),
      commission: at(row, h, 'commission'),
      fee: at(row, h, 'fee'),
      swap: at(row, h, 'swap'),
      profit: at(row, h, 'profit'),
    });
  }
  const deals = section(rows, /^deals$/i);
  if (deals) {
    const d = deals.header;
    for (const row of deals.body) {
      const type = (at(row, d, 'type') ?? '').toLowerCase();
      if (!BALANCE_TYPES.has(type)) continue;
      out.push({
        kind: 'balance',
        line: row.line,
        ticket: at(row, d, 'deal'),
        time: at(row, d, 'time'),
        amount: at(row, d, 'profit'),
        comment: at(row, d, 'comment') || type,
      });
    }
  }
  return { format: 'mt5_html', rows: out, problems };
}

const PENDING = /^(buy|sell) ?(limit|stop|stop ?limit)$/i;

/**
 * A MetaTrader 4 "Statement": the Closed Transactions table (Ticket, Open Time, Type, Size, Item, Price, S / L,
 * T / P, Close Time, Price, Commission, Taxes, Swap, Profit). Balance rows (type balance or credit) carry their
 * comment over the middle columns and the amount under Profit; cancelled pending orders are not trades.
 */
export function parseMt4Html(html: string): RawReport {
  const rows = htmlRows(html);
  const closed = section(rows, /^closed transactions\s*:?$/i);
  if (!closed?.header.has('ticket') || !closed.header.has('item')) {
    throw new UnreadableReportError(
      'The file is not a MetaTrader 4 Statement: it has no Closed Transactions table with Ticket, Open Time, Type, Size, Item, Price and Profit columns.',
    );
  }
  const h = closed.header;
  const out: RawRecord[] = [];
  const problems: TradeImportProblem[] = [];
  for (const row of closed.body) {
    if (row.cells.every((c) => c === '')) continue;
    const ticket = at(row, h, 'ticket') ?? '';
    // totals ("Closed P/L:") and sub-headers: no ticket
    if (ticket === '' || row.cells.some((c) => /^closed p\/l:?$/i.test(c))) continue;
    const type = (at(row, h, 'type') ?? '').toLowerCase();
    if (BALANCE_TYPES.has(type)) {
      out.push({
        kind: 'balance',
        line: row.line,
        ticket,
        time: at(row, h, 'opentime'),
        amount: row.cells[h.get('profit') ?? -1] ?? row.cells[row.cells.length - 1],
        comment: at(row, h, 'size') || type,
      });
      continue;
    }
    if (PENDING.test(type)) {
      problems.push({
        line: row.line,
        severity: 'warning',
        message: `Ticket ${ticket} is a ${type} order that never filled; it is not a trade and was skipped.`,
      });
      continue;
    }
    out.push({
      kind: 'trade',
      line: row.line,
      ticket,
      symbol: at(row, h, 'item'),
      type,
      volume: at(row, h, 'size'),
      openTime: at(row, h, 'opentime'),
      openPrice: at(row, h, 'price'),
      stopLoss: at(row, h, 'sl'),
      takeProfit: at(row, h, 'tp'),
      closeTime: at(row, h, 'closetime'),
      closePrice: at(row, h, 'price2'),
      commission: at(row, h, 'commission'),
      fee: at(row, h, 'taxes'),
      swap: at(row, h, 'swap'),
      profit: at(row, h, 'profit'),
    });
  }
  return { format: 'mt4_html', rows: out, problems };
}

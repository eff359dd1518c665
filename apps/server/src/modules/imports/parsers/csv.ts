import type { TradeImportProblem } from '@tradedesk/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { headerKey } from './text.js';
import { type RawRecord, type RawReport, type RawTrade, UnreadableReportError } from './types.js';

type Field = Exclude<keyof RawTrade, 'kind' | 'line'> | 'comment';

/** Header names a generic CSV may use for each field (compared as lower case letters and digits). */
const NAMES: Record<Field, readonly string[]> = {
  ticket: ['ticket', 'id', 'position', 'positionid', 'tradeid', 'trade', 'order', 'orderid', 'deal', '#', 'ticketno'],
  symbol: ['symbol', 'item', 'instrument', 'market', 'pair', 'ticker', 'asset'],
  type: ['type', 'side', 'direction', 'action', 'buysell', 'tradetype'],
  volume: ['volume', 'lots', 'lot', 'size', 'quantity', 'qty', 'lotsize'],
  openTime: ['opentime', 'opendate', 'openedat', 'opened', 'entrytime', 'entrydate', 'timeopen'],
  openPrice: ['openprice', 'entryprice', 'entry', 'priceopen', 'openrate'],
  closeTime: ['closetime', 'closedate', 'closedat', 'closed', 'exittime', 'exitdate', 'timeclose'],
  closePrice: ['closeprice', 'exitprice', 'exit', 'priceclose', 'closerate'],
  stopLoss: ['sl', 'stoploss'],
  takeProfit: ['tp', 'takeprofit', 'target'],
  commission: ['commission', 'commissions', 'comm'],
  fee: ['fee', 'fees', 'taxes', 'tax'],
  swap: ['swap', 'swaps', 'rollover', 'financing'],
  profit: ['profit', 'pl', 'pnl', 'grossprofit', 'profitloss', 'result'],
  comment: ['comment', 'comments', 'note', 'notes'],
};

/** Field of each column: a Time or Price written twice (MetaTrader) is the open one, then the close one. */
function mapHeader(cells: string[]): Map<Field, number> {
  const out = new Map<Field, number>();
  const seen = new Map<string, number>();
  cells.forEach((cell, i) => {
    const key = headerKey(cell);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (key === 'time') {
      const field: Field = n === 1 ? 'openTime' : 'closeTime';
      if (!out.has(field)) out.set(field, i);
      return;
    }
    if (key === 'price') {
      const field: Field = n === 1 ? 'openPrice' : 'closePrice';
      if (!out.has(field)) out.set(field, i);
      return;
    }
    for (const [field, names] of Object.entries(NAMES) as [Field, readonly string[]][]) {
      if (names.includes(key) && !out.has(field)) {
        out.set(field, i);
        return;
      }
    }
  });
  return out;
}

function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const counts = ['\t', ';', ','].map((d) => [d, first.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

const REQUIRED: Field[] = ['symbol', 'type', 'volume', 'openTime', 'openPrice', 'closeTime', 'closePrice', 'profit'];
const BALANCE = /^(balance|deposit|withdrawal|credit|bonus|correction)$/i;

/** Whether a CSV is a MetaTrader 5 history export: its header has Position, Symbol and Time and Price twice. */
export function looksLikeMt5Csv(text: string): boolean {
  const head = text.split(/\r?\n/, 5).map((l) => l.split(delimiterOf(text)).map(headerKey));
  return head.some(
    (cells) => cells.includes('position') && cells.includes('symbol') && cells.filter((c) => c === 'time').length >= 2,
  );
}

/**
 * A CSV of closed trades: the first line that names the columns (by the common names of NAMES; a MetaTrader 5
 * export writes Time and Price twice, for the open and the close), then one trade per line. Lines whose type is
 * balance, deposit or withdrawal are balance rows with their amount under the profit column. Tab, semicolon and
 * comma separators are told from the first line.
 */
export function parseCsv(text: string, format: 'csv' | 'mt5_csv', maxRows: number): RawReport {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      bom: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new UnreadableReportError(
        `The CSV cannot be read${line ? ` at line ${line}` : ''}: ${error.message.replace(/^Invalid [^:]*: /, '')}`,
      );
    }
    throw error;
  }
  const headerAt = records.slice(0, 20).findIndex((r) => {
    const map = mapHeader(r.record);
    return map.has('symbol') && map.has('volume') && (map.has('profit') || map.has('openPrice'));
  });
  if (headerAt < 0) {
    throw new UnreadableReportError(
      'The CSV has no header line naming its columns: it needs at least symbol, type (or side), volume (or lots), open time, open price, close time, close price and profit.',
    );
  }
  const header = mapHeader(records[headerAt]!.record);
  const missing = REQUIRED.filter((f) => !header.has(f));
  if (missing.length > 0) {
    const names = missing.map((f) => f.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
    throw new UnreadableReportError(
      `The CSV header has no column for ${names.join(', ')}: name the columns symbol, type, volume, open time, open price, close time, close price and profit.`,
    );
  }
  const body = records.slice(headerAt + 1);
  if (body.length > maxRows) {
    throw new UnreadableReportError(
      `The file has ${body.length} lines of trades, more than the ${maxRows} one import takes; split it by date and import the parts.`,
    );
  }
  const rows: RawRecord[] = [];
  const problems: TradeImportProblem[] = [];
  for (const { record, info } of body) {
    const get = (f: Field) => {
      const i = header.get(f);
      return i === undefined ? undefined : record[i]?.trim();
    };
    if (record.every((c) => c.trim() === '')) continue;
    const type = get('type') ?? '';
    if (BALANCE.test(type)) {
      rows.push({
        kind: 'balance',
        line: info.lines,
        ticket: get('ticket') || undefined,
        time: get('closeTime') || get('openTime'),
        amount: get('profit'),
        comment: get('comment') || type.toLowerCase(),
      });
      continue;
    }
    rows.push({
      kind: 'trade',
      line: info.lines,
      ticket: get('ticket') || undefined,
      symbol: get('symbol'),
      type,
      volume: get('volume'),
      openTime: get('openTime'),
      openPrice: get('openPrice'),
      closeTime: get('closeTime'),
      closePrice: get('closePrice'),
      stopLoss: get('stopLoss'),
      takeProfit: get('takeProfit'),
      commission: get('commission'),
      fee: get('fee'),
      swap: get('swap'),
      profit: get('profit'),
    });
  }
  return { format, rows, problems };
}

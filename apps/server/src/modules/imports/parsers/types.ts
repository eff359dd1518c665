import type { TradeImportFormat, TradeImportProblem } from '@tradedesk/contracts';

/**
 * A trade or balance row as the report writes it: every field the text of its cell (or CSV field), before it is
 * checked. `line` is the line of the file the row starts on (1-based).
 */
export type RawTrade = {
  kind: 'trade';
  line: number;
  ticket?: string | undefined;
  symbol?: string | undefined;
  type?: string | undefined;
  volume?: string | undefined;
  openTime?: string | undefined;
  openPrice?: string | undefined;
  closeTime?: string | undefined;
  closePrice?: string | undefined;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
  commission?: string | undefined;
  /** Taxes (MT4) or fees: added to the commission. */
  fee?: string | undefined;
  swap?: string | undefined;
  profit?: string | undefined;
};

export type RawBalance = {
  kind: 'balance';
  line: number;
  ticket?: string | undefined;
  time?: string | undefined;
  amount?: string | undefined;
  comment?: string | undefined;
};

export type RawRecord = RawTrade | RawBalance;

/** What a parser found in a file: its rows, and lines it could not read as a row at all. */
export type RawReport = { format: TradeImportFormat; rows: RawRecord[]; problems: TradeImportProblem[] };

/** A whole file that cannot be imported (not a report of the format, too many rows): the sentence says why. */
export class UnreadableReportError extends Error {
  override name = 'UnreadableReportError';
}

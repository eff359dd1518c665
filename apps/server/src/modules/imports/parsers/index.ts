import type { TradeImportFormat, TradeImportProblem } from '@tradedesk/contracts';
import { type CheckedRecord, checkBalance, checkTrade, LineError } from './checks.js';
import { looksLikeMt5Csv, parseCsv } from './csv.js';
import { looksLikeMt4Html, looksLikeMt5Html, parseMt4Html, parseMt5Html } from './metatrader-html.js';
import { decodeReport } from './text.js';
import { type RawReport, UnreadableReportError } from './types.js';

export type { CheckedBalance, CheckedRecord, CheckedTrade } from './checks.js';
export { catalogueSymbol, decimalText, parseTime } from './checks.js';
export { decodeReport } from './text.js';
export { UnreadableReportError } from './types.js';

export type ParsedReport = {
  format: TradeImportFormat;
  records: CheckedRecord[];
  /** Lines not imported (errors) and lines imported with a remark (warnings), by line. */
  problems: TradeImportProblem[];
};

const isHtml = (text: string) => /^\s*(<!doctype html|<html|<head|<body|<table|<\?xml|<meta|<div)/i.test(text);

/** The format of a report, told from its content. */
export function detectFormat(text: string): TradeImportFormat {
  if (isHtml(text)) {
    if (looksLikeMt5Html(text)) return 'mt5_html';
    if (looksLikeMt4Html(text)) return 'mt4_html';
    throw new UnreadableReportError(
      'The HTML file is neither a MetaTrader 5 Trade History Report (a Positions table) nor a MetaTrader 4 Statement (a Closed Transactions table).',
    );
  }
  return looksLikeMt5Csv(text) ? 'mt5_csv' : 'csv';
}

/**
 * Reads a report (MetaTrader 5 or 4 HTML, MetaTrader 5 CSV, generic CSV; `auto` tells which from the content) into
 * checked trades and balance rows. A line that cannot be read is an error of its line and is left out; a file that
 * is not a report of the format at all throws an UnreadableReportError.
 */
export function parseReport(
  data: Buffer,
  format: TradeImportFormat | 'auto',
  options: { zone: string; maxRows: number },
): ParsedReport {
  const text = decodeReport(data);
  if (text.trim() === '') throw new UnreadableReportError('The file is empty.');
  const chosen = format === 'auto' ? detectFormat(text) : format;
  if ((chosen === 'csv' || chosen === 'mt5_csv') && isHtml(text)) {
    throw new UnreadableReportError(`The file is an HTML page, not a CSV; choose the MetaTrader HTML format or auto.`);
  }
  let raw: RawReport;
  switch (chosen) {
    case 'mt5_html':
      raw = parseMt5Html(text);
      break;
    case 'mt4_html':
      raw = parseMt4Html(text);
      break;
    default:
      raw = parseCsv(text, chosen, options.maxRows);
  }
  if (raw.rows.length > options.maxRows) {
    throw new UnreadableReportError(
      `The file has ${raw.rows.length} trades and balance rows, more than the ${options.maxRows} one import takes; split it by date and import the parts.`,
    );
  }
  if (raw.rows.length === 0) {
    throw new UnreadableReportError(
      'The report holds no closed trades and no balance rows: there is nothing to import.',
    );
  }
  const problems = [...raw.problems];
  const records: CheckedRecord[] = [];
  for (const row of raw.rows) {
    try {
      records.push(row.kind === 'trade' ? checkTrade(row, options.zone, problems) : checkBalance(row, options.zone));
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      problems.push({ line: row.line, severity: 'error', message: error.message });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { format: raw.format, records, problems };
}

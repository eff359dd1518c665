/** A value a CSV field can carry. */
export type CsvValue = string | number | boolean | Date | null | undefined;

// Text that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) is written with a
// leading apostrophe, so an exported note cannot run in the reader's spreadsheet. Formatted numbers such as
// "-$3.00", "+1.25%" or "-1,234.50 USDT" are left alone.
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]?(?:[A-Z]{3}\s?|\p{Sc}\s?)?\d[\d.,\s\u00a0\u202f]*(?:%|\s?\p{Sc}|\s[A-Z]{3,4})?$/u;

/** One field as RFC 4180 writes it: numbers in full precision, dates in ISO 8601 UTC, text quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const text = FORMULA_START.test(value) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document: a header line, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download. A byte-order mark tells spreadsheet programs it is UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; revoking it later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

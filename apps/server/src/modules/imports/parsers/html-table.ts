import { Parser } from 'htmlparser2';
import { lineLocator } from './text.js';

/** One table row of an HTML report: its cells' text (a cell spanning n columns followed by n - 1 empty ones). */
export type HtmlRow = { line: number; cells: string[] };

const clean = (text: string) =>
  text
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Every `<tr>` of the document in order, with the line it starts on. Cells marked hidden (MetaTrader 5 pads rows
 * with them) are left out; nested tables are read as rows of their own.
 */
export function htmlRows(html: string): HtmlRow[] {
  const lineOf = lineLocator(html);
  const rows: HtmlRow[] = [];
  const open: HtmlRow[] = [];
  type Cell = { text: string; span: number; hidden: boolean };
  let cell: Cell | null = null;
  const cellStack: Array<Cell | null> = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'tr') open.push({ line: lineOf(parser.startIndex), cells: [] });
        else if (name === 'td' || name === 'th') {
          cellStack.push(cell);
          const span = Number.parseInt(attributes.colspan ?? '1', 10);
          cell = {
            text: '',
            span: Number.isFinite(span) && span > 0 ? Math.min(span, 50) : 1,
            hidden: /\bhidden\b/i.test(attributes.class ?? '') || /display\s*:\s*none/i.test(attributes.style ?? ''),
          };
        } else if (name === 'br' && cell) cell.text += ' ';
      },
      ontext(text) {
        if (cell) cell.text += text;
      },
      onclosetag(name) {
        if ((name === 'td' || name === 'th') && cell) {
          const row = open[open.length - 1];
          if (row && !cell.hidden) {
            row.cells.push(clean(cell.text));
            for (let i = 1; i < cell.span; i++) row.cells.push('');
          }
          cell = cellStack.pop() ?? null;
        } else if (name === 'tr') {
          const row = open.pop();
          if (row) rows.push(row);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return rows;
}

/** The text of the row's only non-empty cell (a section title such as "Positions"), or undefined. */
export function titleOf(row: HtmlRow): string | undefined {
  const filled = row.cells.filter((c) => c !== '');
  return filled.length === 1 ? filled[0] : undefined;
}

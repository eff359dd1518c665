import type { ReactNode } from 'react';
import type { CsvValue } from './csv';

/** The raw value of a cell: what it sorts by and what a raw CSV export writes. */
export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * One column of a DataTable. Keep the array stable (module scope or useMemo): the table rebuilds its
 * column model when it changes.
 */
export type DataTableColumn<Row> = {
  /** Stable id: saved column states refer to it. Letters, digits, dots, dashes, underscores. */
  id: string;
  /** Header text, also the column's name in the columns menu and the CSV header. */
  header: string;
  /** The raw value: sorting uses it (numbers numerically, text naturally, dates by time, empty last). */
  value: (row: Row) => CellValue;
  /** The cell as text (price with its digits, money with its currency). Default: the value as text. */
  format?: (row: Row) => string;
  /** Custom content (a coloured P/L, a chip). Default: `format`, else the value as text. */
  render?: (row: Row) => ReactNode;
  /** Numbers: right-aligned with tabular figures. */
  numeric?: boolean;
  /** Width in pixels (default 120), and the narrowest a resize may make it (default 48). */
  width?: number;
  minWidth?: number;
  /**
   * Takes the room the other columns leave when the table is wider than they are (never less than its width),
   * so no empty strip follows the last column: the description of a short settings list. One column at most.
   */
  fill?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Default true; a column that identifies the row (the symbol) can refuse to be hidden. */
  hideable?: boolean;
  /** Overrides what the CSV export writes for this column (in both modes). */
  csv?: (row: Row) => CsvValue;
  /** Default true; false leaves the column out of the CSV export (a column of row actions). */
  exported?: boolean;
  /** The header's text is for assistive technology only (a narrow column of row actions). */
  headerHidden?: boolean;
};

export type DataTableStatus = 'ready' | 'loading' | 'error';

export type DataTableProps<Row> = {
  /** Accessible name of the grid: "Open positions". */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  /** Keep the array stable between renders that do not change it. */
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** 'loading' shows placeholder rows, 'error' the error state with its retry. Default 'ready'. */
  status?: DataTableStatus;
  /** For status 'error': what failed and a retry. */
  error?: { title?: string; message?: string; onRetry?: () => void; retrying?: boolean };
  /** Shown when ready with no rows. */
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  /** Enter on a row, or a double click: open the position, the order, the journal entry. */
  onRowActivate?: (row: Row) => void;
  /**
   * Saves the column order, widths, hidden columns and sort per user in the user-data store
   * (workspace document `table.<persistKey>`). Without it the state lasts as long as the table.
   */
  persistKey?: string;
  /** Sort before the user picks one. */
  initialSort?: Array<{ id: string; desc: boolean }>;
  /**
   * CSV export: the file name (without .csv) and what it writes: 'raw' values (default; numbers in full
   * precision, dates in ISO 8601 UTC, ready for a spreadsheet) or the 'formatted' text the cells show.
   * Without `exportName` there is no export button.
   */
  exportName?: string;
  exportValues?: 'raw' | 'formatted';
  /**
   * The rows the export writes when they are more than the table holds (every page of a paged list): called
   * on Export CSV, which shows its progress and any failure; without it the export writes the table's rows.
   */
  exportRows?: () => Promise<readonly Row[]>;
  /** Height of the table (toolbar included); default '100%' of its container. */
  height?: number | string;
  /** Extra controls at the start of the table's toolbar. */
  toolbar?: ReactNode;
  /**
   * Rows in a user-defined order (a watchlist): while no sort is active, a row can be dragged to another
   * place, or moved with Alt+Up and Alt+Down from any of its cells. Gets every row id in the new order.
   */
  onReorderRows?: (ids: string[]) => void;
  /** A `data-testid` for each row. */
  rowTestId?: (row: Row) => string;
};

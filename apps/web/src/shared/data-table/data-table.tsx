// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs: virtual rows are absolutely placed, which table layout does not allow
// biome-ignore-all lint/a11y/useFocusableInteractive: in a grid the cells take focus (roving tabindex), not the rows
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import {
  type ColumnDef,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  functionalUpdate,
  type RowData,
  rowSortingFeature,
  type SortFn,
  type Row as TableRow,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  type DragEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { densityMetrics, useDensity } from '../density/density';
import { EmptyState } from '../states/empty-state';
import { ErrorState } from '../states/error-state';
import { LoadingState } from '../states/loading-state';
import { visuallyHidden } from '../states/visually-hidden';
import { type PersistentLayout, usePersistentLayout } from '../user-data/use-persistent-layout';
import { ColumnMenu } from './column-menu';
import {
  COLUMN_STATE_VERSION,
  type ColumnState,
  defaultColumnState,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  parseColumnState,
  reconcileColumnState,
} from './column-state';
import { type CsvValue, downloadCsv, toCsv } from './csv';
import type { CellValue, DataTableColumn, DataTableProps } from './data-table-types';
import { type GridPosition, moveInGrid } from './grid-keys';

export type { CellValue, DataTableColumn, DataTableProps, DataTableStatus } from './data-table-types';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnSizingFeature,
  columnResizingFeature,
  columnOrderingFeature,
  columnVisibilityFeature,
});
type Features = typeof features;
type SortValue = string | number | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** What a cell sorts by: numbers and dates as numbers, text as text, nothing as undefined (sorted last). */
function sortValue(value: CellValue): SortValue {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return value;
}

function compareCells<Row extends RowData>(
  a: TableRow<Features, Row>,
  b: TableRow<Features, Row>,
  columnId: string,
): number {
  const x = a.getValue<SortValue>(columnId);
  const y = b.getValue<SortValue>(columnId);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value);
}

const KEYBOARD_HELP =
  'Arrow keys move between cells, Home and End to the ends of a row, Page Up and Page Down by a screen. ' +
  'Enter opens the row. On a column header, Enter sorts, Alt with Left or Right resizes the column and ' +
  'Alt with Shift and Left or Right moves it.';
const REORDER_HELP = ' While the table is not sorted, Alt with Up or Down moves the row, or drag it.';

/** `ids` with `id` moved to index `to` (clamped); the same array when nothing moves. */
export function moveRow(ids: readonly string[], id: string, to: number): readonly string[] {
  const from = ids.indexOf(id);
  const at = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from === at) return ids;
  const next = ids.filter((x) => x !== id);
  next.splice(at, 0, id);
  return next;
}

/**
 * The dense data table of the workspace kit (TanStack Table + TanStack Virtual): sorting, column resize, hide
 * and reorder (saved per user with `persistKey`), a sticky header, right-aligned tabular numbers, only the
 * visible rows in the DOM, keyboard navigation (ARIA grid), CSV export, and loading, error and empty states.
 * Follows the DensityProvider (compact rows on trading screens). See shared/README.md.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const infos = useMemo(
    () => props.columns.map((c) => ({ id: c.id, hideable: c.hideable !== false, sortable: c.sortable !== false })),
    [props.columns],
  );
  const defaults = useMemo(() => defaultColumnState(infos, props.initialSort), [infos, props.initialSort]);
  const persisted = usePersistentLayout<ColumnState>(props.persistKey ? `table.${props.persistKey}` : null, {
    version: COLUMN_STATE_VERSION,
    parse: parseColumnState,
    description: 'column settings',
  });
  const density = useDensity();
  if (persisted.status === 'loading') {
    return (
      <Box sx={{ height: props.height ?? '100%' }}>
        <LoadingState variant="rows" label={`Loading ${props.label}`} />
      </Box>
    );
  }
  return (
    <DataTableView
      {...props}
      density={density}
      defaults={defaults}
      initialColumnState={persisted.saved ? reconcileColumnState(persisted.saved, infos) : defaults}
      infos={infos}
      persisted={persisted}
    />
  );
}

type ViewProps<Row extends RowData> = DataTableProps<Row> & {
  density: 'standard' | 'compact';
  defaults: ColumnState;
  initialColumnState: ColumnState;
  infos: ReadonlyArray<{ id: string; hideable: boolean; sortable: boolean }>;
  persisted: PersistentLayout<ColumnState>;
};

function DataTableView<Row extends RowData>(props: ViewProps<Row>) {
  const { infos, persisted } = props;
  const metrics = densityMetrics[props.density];
  const [savedState, setColumnState] = useState(props.initialColumnState);
  // Columns can change under a saved state (a release adds one): the state always fits the columns given.
  const state = useMemo(() => reconcileColumnState(savedState, infos), [savedState, infos]);
  const changed = useRef(false);
  const update = useCallback(
    (change: (s: ColumnState) => ColumnState) => {
      changed.current = true;
      setColumnState((previous) => change(reconcileColumnState(previous, infos)));
    },
    [infos],
  );
  const { save } = persisted;
  useEffect(() => {
    if (changed.current) save(savedState);
  }, [savedState, save]);

  const byId = useMemo(() => new Map(props.columns.map((c) => [c.id, c])), [props.columns]);
  const columnDefs = useMemo(
    () =>
      props.columns.map(
        (c): ColumnDef<Features, Row, unknown> => ({
          id: c.id,
          header: c.header,
          accessorFn: (row: Row) => sortValue(c.value(row)),
          size: c.width ?? 120,
          minSize: Math.max(MIN_COLUMN_WIDTH, c.minWidth ?? MIN_COLUMN_WIDTH),
          maxSize: MAX_COLUMN_WIDTH,
          enableSorting: c.sortable !== false,
          enableHiding: c.hideable !== false,
          sortFn: compareCells as SortFn<Features, Row>,
          sortUndefined: 'last',
        }),
      ),
    [props.columns],
  );

  const columnVisibility = useMemo(() => Object.fromEntries(state.hidden.map((id) => [id, false])), [state.hidden]);
  const table = useTable<Features, Row>({
    features,
    columns: columnDefs,
    data: props.rows as Row[],
    getRowId: props.getRowId,
    state: { sorting: state.sort, columnOrder: state.order, columnVisibility, columnSizing: state.widths },
    onSortingChange: (u) => update((s) => ({ ...s, sort: functionalUpdate(u, s.sort) })),
    onColumnOrderChange: (u) => update((s) => ({ ...s, order: functionalUpdate(u, s.order) })),
    onColumnVisibilityChange: (u) =>
      update((s) => {
        const next = functionalUpdate(u, Object.fromEntries(s.hidden.map((id) => [id, false])));
        return { ...s, hidden: Object.keys(next).filter((id) => next[id] === false) };
      }),
    onColumnSizingChange: (u) => update((s) => ({ ...s, widths: functionalUpdate(u, s.widths) })),
    columnResizeMode: 'onChange',
  });

  const status = props.status ?? 'ready';
  const rows = status === 'error' ? [] : table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  // The active cell (roving tabindex): the one cell of the grid in the tab order.
  const [active, setActive] = useState<GridPosition>({ row: -1, col: 0 });
  const activeRow = Math.min(active.row, rows.length - 1);
  const activeCol = Math.max(0, Math.min(active.col, columns.length - 1));
  const focusPending = useRef(false);

  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // The active row stays rendered when scrolled out of view, so keyboard focus is never lost with it.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeRow >= 0 && activeRow < range.count && !indexes.includes(activeRow)) {
        indexes.push(activeRow);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeRow],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => metrics.rowHeight,
    overscan: 6,
    scrollMargin: metrics.headerHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    rangeExtractor,
  });

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${activeRow}:${activeCol}"]`);
    if (cell) {
      focusPending.current = false;
      cell.focus();
    }
  });

  const moveTo = (position: GridPosition) => {
    focusPending.current = true;
    setActive(position);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const at = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]')?.dataset.cell?.split(':');
    if (!at) return;
    const [row, col] = at.map(Number) as [number, number];
    if (row !== activeRow || col !== activeCol) setActive({ row, col });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target as HTMLElement).closest('[data-cell]')) return;
    const column = columns[activeCol];
    if (activeRow < 0 && column) {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        column.getToggleSortingHandler()?.(event);
        return;
      }
      if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
        event.preventDefault();
        const by = event.key === 'ArrowLeft' ? -1 : 1;
        if (event.shiftKey) {
          update((s) => ({ ...s, order: moveColumn(s.order, column.id, by) }));
          moveTo({ row: -1, col: Math.max(0, Math.min(columns.length - 1, activeCol + by)) });
        } else {
          const size = Math.max(column.columnDef.minSize ?? MIN_COLUMN_WIDTH, column.getSize() + by * 16);
          update((s) => ({ ...s, widths: { ...s.widths, [column.id]: Math.min(MAX_COLUMN_WIDTH, size) } }));
        }
        return;
      }
    }
    if (event.altKey && !event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const row = rows[activeRow];
      if (!canReorderRows || !row) return;
      const ids = rows.map((r) => r.id);
      const to = activeRow + (event.key === 'ArrowUp' ? -1 : 1);
      const next = moveRow(ids, row.id, to);
      if (next !== ids) {
        props.onReorderRows?.([...next]);
        moveTo({ row: next.indexOf(row.id), col: activeCol });
      }
      return;
    }
    if (event.key === 'Enter' && activeRow >= 0) {
      const row = rows[activeRow];
      if (row && props.onRowActivate) {
        event.preventDefault();
        props.onRowActivate(row.original);
      }
      return;
    }
    const viewport = scrollRef.current?.clientHeight ?? 0;
    const pageRows = Math.max(1, Math.floor((viewport - metrics.headerHeight) / metrics.rowHeight) - 1);
    const next = moveInGrid(
      event,
      { row: activeRow, col: activeCol },
      { rows: rows.length, cols: columns.length, pageRows },
    );
    if (next) {
      event.preventDefault();
      moveTo(next);
    }
  };

  // Rows in the user's own order: drag a row onto another (mouse); Alt+Up/Down above (keyboard).
  const canReorderRows = props.onReorderRows !== undefined && state.sort.length === 0;
  const draggedRow = useRef<string | null>(null);
  const [rowDropTarget, setRowDropTarget] = useState<string | null>(null);
  const onRowDrop = (event: DragEvent, targetId: string) => {
    const sourceId = draggedRow.current;
    draggedRow.current = null;
    setRowDropTarget(null);
    if (!sourceId) return;
    event.preventDefault();
    const ids = rows.map((r) => r.id);
    const next = moveRow(ids, sourceId, ids.indexOf(targetId));
    if (next === ids) return;
    props.onReorderRows?.([...next]);
    // the active row (the one pressed to start the drag) moves with it, as with Alt+Up/Down
    if (rows[activeRow]?.id === sourceId) setActive({ row: next.indexOf(sourceId), col: activeCol });
  };

  // Mouse reordering: drag a header's label onto another header.
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const onHeaderDrop = (event: DragEvent, targetId: string) => {
    const sourceId = dragged.current;
    dragged.current = null;
    setDropTarget(null);
    if (!sourceId || sourceId === targetId) return;
    event.preventDefault();
    update((s) => {
      const order = s.order.filter((id) => id !== sourceId);
      const at = order.indexOf(targetId) + (s.order.indexOf(sourceId) < s.order.indexOf(targetId) ? 1 : 0);
      order.splice(at, 0, sourceId);
      return { ...s, order };
    });
  };

  const [exporting, setExporting] = useState<'busy' | 'failed' | null>(null);
  const exportCsv = async () => {
    if (!props.exportName) return;
    const shown = columns
      .map((c) => byId.get(c.id))
      .filter((c): c is DataTableColumn<Row> => c !== undefined && c.exported !== false);
    const formatted = props.exportValues === 'formatted';
    let originals: readonly Row[] = rows.map((row) => row.original);
    if (props.exportRows) {
      setExporting('busy');
      try {
        originals = await props.exportRows();
        setExporting(null);
      } catch {
        setExporting('failed');
        return;
      }
    }
    const lines = originals.map((row) =>
      shown.map((c): CsvValue => {
        if (c.csv) return c.csv(row);
        if (formatted) return c.format ? c.format(row) : cellText(c.value(row));
        return c.value(row);
      }),
    );
    downloadCsv(
      props.exportName,
      toCsv(
        shown.map((c) => c.header),
        lines,
      ),
    );
  };

  const helpId = useId();
  const totalWidth = table.getTotalSize();
  const tabbable = (row: number, col: number) => (row === activeRow && col === activeCol ? 0 : -1);

  let overlay: ReactNode = null;
  if (status === 'error') {
    overlay = (
      <ErrorState
        title={props.error?.title ?? `The ${props.label.toLowerCase()} could not be loaded.`}
        message={props.error?.message}
        onRetry={props.error?.onRetry}
        retrying={props.error?.retrying}
      />
    );
  } else if (status === 'loading' && rows.length === 0) {
    overlay = <LoadingState variant="rows" label={`Loading ${props.label.toLowerCase()}`} />;
  } else if (rows.length === 0) {
    overlay = <EmptyState title={props.empty?.title ?? 'Nothing to show.'} {...props.empty} />;
  }

  return (
    <Box sx={(theme) => tableSx(theme, metrics)} style={{ height: props.height ?? '100%' }}>
      <div className="dt-toolbar">
        {props.toolbar}
        <Box sx={{ flexGrow: 1 }} />
        <ColumnMenu
          tableLabel={props.label}
          columns={table.getAllLeafColumns().map((c) => ({
            id: c.id,
            header: byId.get(c.id)?.header ?? c.id,
            visible: c.getIsVisible(),
            hideable: c.getCanHide(),
          }))}
          onToggle={(id, visible) =>
            update((s) => ({ ...s, hidden: visible ? s.hidden.filter((h) => h !== id) : [...s.hidden, id] }))
          }
          onMove={(id, by) => update((s) => ({ ...s, order: moveColumn(s.order, id, by) }))}
          onReset={() => update(() => props.defaults)}
        />
        {props.exportName && (
          <Button
            size="small"
            startIcon={<FileDownloadIcon fontSize="small" />}
            onClick={() => void exportCsv()}
            disabled={rows.length === 0}
            loading={exporting === 'busy'}
            loadingPosition="start"
          >
            Export CSV
          </Button>
        )}
        {exporting === 'failed' && (
          <span role="alert" className="dt-export-error">
            The export could not fetch every row; try again.
          </span>
        )}
      </div>
      <div className="dt-scroll" ref={scrollRef}>
        <div
          ref={gridRef}
          role="grid"
          aria-label={props.label}
          aria-describedby={helpId}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
          aria-busy={status === 'loading' ? 'true' : undefined}
          className="dt-grid"
          style={{ width: totalWidth }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <div role="rowgroup" className="dt-head">
            <div role="row" aria-rowindex={1} className="dt-row">
              {headers.map((header, col) => {
                const column = header.column;
                const def = byId.get(column.id);
                const sorted = column.getIsSorted();
                const sortable = column.getCanSort();
                const classes = ['dt-cell', 'dt-header-cell'];
                if (def?.numeric) classes.push('dt-num');
                if (sortable) classes.push('dt-sortable');
                if (dropTarget === column.id) classes.push('dt-drop-target');
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's keydown handler sorts with Enter and Space
                  <div
                    key={header.id}
                    role="columnheader"
                    aria-colindex={col + 1}
                    aria-sort={
                      sortable
                        ? sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                    tabIndex={tabbable(-1, col)}
                    data-cell={`-1:${col}`}
                    className={classes.join(' ')}
                    style={{ width: header.getSize(), flexGrow: def?.fill ? 1 : undefined }}
                    onClick={sortable ? column.getToggleSortingHandler() : undefined}
                    onDragOver={(event) => {
                      if (!dragged.current) return;
                      event.preventDefault();
                      event.dataTransfer.dropEffect = 'move';
                      if (dropTarget !== column.id) setDropTarget(column.id);
                    }}
                    onDragLeave={() => setDropTarget((t) => (t === column.id ? null : t))}
                    onDrop={(event) => onHeaderDrop(event, column.id)}
                  >
                    {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse-only drag; the keyboard moves columns with Alt+Shift+arrows */}
                    <span
                      className="dt-header-label"
                      draggable
                      onDragStart={(event) => {
                        dragged.current = column.id;
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', def?.header ?? column.id);
                      }}
                      onDragEnd={() => {
                        dragged.current = null;
                        setDropTarget(null);
                      }}
                    >
                      {def?.headerHidden ? (
                        <Box component="span" sx={visuallyHidden}>
                          {def.header}
                        </Box>
                      ) : (
                        (def?.header ?? column.id)
                      )}
                    </span>
                    {sorted === 'asc' && <ArrowUpwardIcon className="dt-sort-icon" aria-hidden />}
                    {sorted === 'desc' && <ArrowDownwardIcon className="dt-sort-icon" aria-hidden />}
                    {column.getCanResize() && (
                      <div
                        aria-hidden
                        className={`dt-resizer${column.getIsResizing() ? ' dt-resizing' : ''}`}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onClick={(event) => event.stopPropagation()}
                        onDoubleClick={() => update((s) => ({ ...s, widths: withoutKey(s.widths, column.id) }))}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          <div role="rowgroup" className="dt-body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const rowClasses = ['dt-row'];
              if (item.index === activeRow) rowClasses.push('dt-row-active');
              if (rowDropTarget === row.id && draggedRow.current !== row.id) {
                // the line shows where the row lands: above the target moving up, below it moving down
                const from = rows.findIndex((r) => r.id === draggedRow.current);
                rowClasses.push(from >= 0 && from < item.index ? 'dt-row-drop-after' : 'dt-row-drop-target');
              }
              if (draggedRow.current === row.id) rowClasses.push('dt-row-dragged');
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-testid={props.rowTestId?.(row.original)}
                  className={rowClasses.join(' ')}
                  style={{ transform: `translateY(${item.start - metrics.headerHeight}px)` }}
                  onDoubleClick={props.onRowActivate ? () => props.onRowActivate?.(row.original) : undefined}
                  draggable={canReorderRows || undefined}
                  onDragStart={
                    canReorderRows
                      ? (event) => {
                          draggedRow.current = row.id;
                          event.dataTransfer.effectAllowed = 'move';
                          event.dataTransfer.setData('text/plain', row.id);
                        }
                      : undefined
                  }
                  onDragOver={(event) => {
                    if (!draggedRow.current) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (rowDropTarget !== row.id) setRowDropTarget(row.id);
                  }}
                  onDrop={(event) => onRowDrop(event, row.id)}
                  onDragEnd={() => {
                    draggedRow.current = null;
                    setRowDropTarget(null);
                  }}
                >
                  {columns.map((column, col) => {
                    const def = byId.get(column.id);
                    if (!def) return null;
                    const content = def.render
                      ? def.render(row.original)
                      : def.format
                        ? def.format(row.original)
                        : cellText(def.value(row.original));
                    return (
                      <div
                        key={column.id}
                        role="gridcell"
                        aria-colindex={col + 1}
                        tabIndex={tabbable(item.index, col)}
                        data-cell={`${item.index}:${col}`}
                        className={def.numeric ? 'dt-cell dt-num' : 'dt-cell'}
                        style={{ width: column.getSize(), flexGrow: def.fill ? 1 : undefined }}
                      >
                        {content}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
        {overlay && <div className="dt-overlay">{overlay}</div>}
      </div>
      <Box id={helpId} sx={visuallyHidden}>
        {KEYBOARD_HELP}
        {props.onReorderRows ? REORDER_HELP : ''}
      </Box>
    </Box>
  );
}

function withoutKey(record: Record<string, number>, key: string): Record<string, number> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function tableSx(theme: Theme, metrics: (typeof densityMetrics)[keyof typeof densityMetrics]) {
  const divider = `1px solid ${theme.palette.divider}`;
  return {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    minWidth: 0,
    fontSize: metrics.fontSize,
    '& .dt-toolbar': {
      display: 'flex',
      alignItems: 'center',
      gap: 0.5,
      px: 1,
      minHeight: metrics.headerHeight + 4,
      borderBottom: divider,
      flexWrap: 'wrap',
    },
    '& .dt-export-error': { color: 'error.main', px: 1 },
    '& .dt-scroll': {
      position: 'relative',
      flex: '1 1 auto',
      minHeight: 0,
      overflow: 'auto',
      // Focused cells scrolled into view stop below the sticky header.
      scrollPaddingTop: `${metrics.headerHeight}px`,
    },
    '& .dt-grid': { position: 'relative', minWidth: '100%' },
    '& .dt-head': {
      position: 'sticky',
      top: 0,
      zIndex: 2,
      backgroundColor: theme.palette.background.paper,
      borderBottom: divider,
    },
    '& .dt-row': { display: 'flex', width: '100%' },
    '& .dt-head .dt-row': { height: metrics.headerHeight - 1 },
    '& .dt-body': { position: 'relative' },
    '& .dt-body .dt-row': {
      position: 'absolute',
      top: 0,
      left: 0,
      height: metrics.rowHeight,
      borderBottom: divider,
    },
    '& .dt-body .dt-row:hover': { backgroundColor: theme.palette.action.hover },
    '& .dt-body .dt-row-active': { backgroundColor: theme.palette.action.selected },
    '& .dt-body .dt-row[draggable="true"]': { cursor: 'grab' },
    '& .dt-body .dt-row-drop-target': { boxShadow: `inset 0 2px 0 ${theme.palette.primary.main}` },
    '& .dt-body .dt-row-drop-after': { boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}` },
    '& .dt-body .dt-row-dragged': { opacity: 0.5 },
    '& .dt-cell': {
      flex: '0 0 auto',
      padding: `0 ${metrics.cellPaddingX}px`,
      lineHeight: `${metrics.rowHeight - 1}px`,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      outline: 'none',
    },
    '& .dt-cell:focus-visible': {
      boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}`,
    },
    '& .dt-num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    '& .dt-header-cell': {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      gap: '2px',
      lineHeight: 1.2,
      fontWeight: 600,
      fontSize: metrics.fontSize - 1,
      color: theme.palette.text.secondary,
      userSelect: 'none',
    },
    '& .dt-header-cell.dt-num': { justifyContent: 'flex-end' },
    '& .dt-header-cell.dt-sortable': { cursor: 'pointer' },
    '& .dt-header-cell.dt-drop-target': { boxShadow: `inset 2px 0 0 ${theme.palette.primary.main}` },
    '& .dt-header-label': { overflow: 'hidden', textOverflow: 'ellipsis', cursor: 'grab' },
    '& .dt-sort-icon': { fontSize: metrics.fontSize, flex: '0 0 auto', color: theme.palette.text.primary },
    '& .dt-resizer': {
      position: 'absolute',
      top: 0,
      right: 0,
      bottom: 0,
      width: 6,
      cursor: 'col-resize',
      touchAction: 'none',
      borderRight: divider,
    },
    '& .dt-resizer:hover, & .dt-resizer.dt-resizing': { backgroundColor: theme.palette.primary.main },
    '& .dt-overlay': { position: 'sticky', left: 0 },
  } as const;
}

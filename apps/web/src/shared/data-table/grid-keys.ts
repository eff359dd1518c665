/** A cell of the grid: `row` -1 is the header row, 0 the first data row. */
export type GridPosition = { row: number; col: number };

export type GridBounds = { rows: number; cols: number; pageRows: number };

type KeyInput = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

/**
 * Where a navigation key moves the active cell (the WAI-ARIA grid pattern): arrows by one cell, Home/End to the
 * row's first/last cell, Ctrl+Home/End to the first/last row, PageUp/PageDown by a screenful. Null when the key
 * is not a navigation key (or carries Alt, which the header keeps for resizing and moving columns).
 */
export function moveInGrid(event: KeyInput, at: GridPosition, bounds: GridBounds): GridPosition | null {
  if (event.altKey || bounds.cols === 0) return null;
  const lastRow = bounds.rows - 1;
  const lastCol = bounds.cols - 1;
  const ctrl = event.ctrlKey || event.metaKey;
  const clampRow = (row: number) => Math.max(-1, Math.min(lastRow, row));
  switch (event.key) {
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowRight':
      return { row: at.row, col: Math.min(lastCol, at.col + 1) };
    case 'ArrowLeft':
      return { row: at.row, col: Math.max(0, at.col - 1) };
    case 'Home':
      return ctrl ? { row: Math.min(0, lastRow), col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: lastRow, col: lastCol } : { row: at.row, col: lastCol };
    case 'PageDown':
      return { row: clampRow(Math.max(at.row, 0) + Math.max(1, bounds.pageRows)), col: at.col };
    case 'PageUp':
      // From the data rows a page up stops at the first of them; the header is one more ArrowUp away.
      if (at.row < 0) return { ...at };
      return { row: Math.max(Math.min(0, lastRow), at.row - Math.max(1, bounds.pageRows)), col: at.col };
    default:
      return null;
  }
}

import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useMemo, useState } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { LiveFeed, type LiveValues } from './live-values';

export type WatchRow = { id: string; ticker: string; source: string; name: string; digits: number };

type SortKey = 'ticker' | 'name' | 'bid' | 'ask' | 'change' | 'changePercent';
type Sort = { key: SortKey; direction: 'asc' | 'desc' } | null;

const columns: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'ticker', label: 'Symbol', numeric: false },
  { key: 'name', label: 'Name', numeric: false },
  { key: 'bid', label: 'Bid', numeric: true },
  { key: 'ask', label: 'Ask', numeric: true },
  { key: 'change', label: 'Change', numeric: true },
  { key: 'changePercent', label: 'Change %', numeric: true },
];

type Computed = WatchRow & { bid?: number; ask?: number; change?: number; changePercent?: number };

function compute(row: WatchRow, values: LiveValues | undefined): Computed {
  const bid = values?.bid;
  const prev = values?.previousClose;
  const change = bid !== undefined && prev !== undefined ? bid - prev : undefined;
  const changePercent = change !== undefined && prev ? (change / prev) * 100 : undefined;
  return { ...row, bid, ask: values?.ask, change, changePercent };
}

function compare(a: Computed, b: Computed, key: SortKey): number {
  const x = a[key];
  const y = b[key];
  if (x === undefined && y === undefined) return 0;
  if (x === undefined) return 1;
  if (y === undefined) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y), undefined, { numeric: true });
}

/**
 * A watchlist's symbols with live bid, ask, change and change % (simulated market). Headers sort the view;
 * in the list's own order (no sort) rows can be dragged, or moved with Alt+Up/Down on their handle, and
 * `onReorder` gets every id in the new order. `live` false shows no prices (a signed-out visitor).
 */
export function WatchlistTable(props: {
  label: string;
  rows: WatchRow[];
  live: boolean;
  onReorder?: (ids: string[]) => void;
  onRemove?: (row: WatchRow) => void;
  onOpen?: (row: WatchRow) => void;
}) {
  const { rows, live, onReorder, onRemove, onOpen } = props;
  const [values, setValues] = useState<Record<string, LiveValues>>({});
  const [sort, setSort] = useState<Sort>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const f = useFormatters();

  const onValues = useCallback((ticker: string, v: LiveValues) => setValues((all) => ({ ...all, [ticker]: v })), []);

  const shown = useMemo(() => {
    const computed = rows.map((r) => compute(r, values[r.ticker]));
    if (!sort) return computed;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...computed].sort((a, b) => sign * compare(a, b, sort.key));
  }, [rows, values, sort]);

  const canReorder = !!onReorder && sort === null;

  const move = (id: string, to: number) => {
    const ids = rows.map((r) => r.id);
    const from = ids.indexOf(id);
    if (from < 0 || to < 0 || to >= ids.length || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    onReorder?.(ids);
  };

  const toggleSort = (key: SortKey, numeric: boolean) => {
    setSort((s) => {
      const first = numeric ? 'desc' : 'asc';
      if (!s || s.key !== key) return { key, direction: first };
      if (s.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
      return null; // the third click returns to the list's own order
    });
  };

  return (
    <Box sx={{ overflowX: 'auto' }}>
      {live && rows.map((r) => <LiveFeed key={r.ticker} ticker={r.ticker} onValues={onValues} />)}
      <Table size="small" aria-label={props.label} stickyHeader>
        <TableHead>
          <TableRow>
            {onReorder && <TableCell padding="checkbox" aria-label="Order" />}
            {columns
              .filter((c) => live || !c.numeric)
              .map((c) => (
                <TableCell
                  key={c.key}
                  align={c.numeric ? 'right' : 'left'}
                  sortDirection={sort?.key === c.key ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort?.key === c.key}
                    direction={sort?.key === c.key ? sort.direction : 'asc'}
                    onClick={() => toggleSort(c.key, c.numeric)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            {onRemove && <TableCell padding="checkbox" aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row, index) => {
            const v = values[row.ticker];
            const direction =
              row.change === undefined ? 'flat' : row.change > 0 ? 'up' : row.change < 0 ? 'down' : 'flat';
            const color = direction === 'up' ? f.pnlColor('up') : direction === 'down' ? f.pnlColor('down') : undefined;
            return (
              <TableRow
                key={row.id}
                hover
                data-testid={`watch-row-${row.ticker}`}
                draggable={canReorder}
                onDragStart={(e) => {
                  setDragging(row.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', row.id);
                }}
                onDragOver={(e) => {
                  if (canReorder && dragging) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragging) move(dragging, index);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                onDoubleClick={() => onOpen?.(row)}
                sx={{
                  opacity: dragging === row.id ? 0.5 : 1,
                  ...(v?.status === 'loading' && v.bid !== undefined ? { color: 'text.disabled' } : {}),
                }}
              >
                {onReorder && (
                  <TableCell padding="checkbox">
                    <Tooltip title={canReorder ? 'Drag, or Alt+Up/Down, to reorder' : 'Clear the sort to reorder'}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={`Move ${row.ticker}`}
                          disabled={!canReorder}
                          sx={{ cursor: 'grab' }}
                          onKeyDown={(e) => {
                            if (!e.altKey) return;
                            if (e.key === 'ArrowUp') {
                              e.preventDefault();
                              move(row.id, index - 1);
                            } else if (e.key === 'ArrowDown') {
                              e.preventDefault();
                              move(row.id, index + 1);
                            }
                          }}
                        >
                          <DragIndicator fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                )}
                <TableCell sx={{ fontWeight: 600 }}>{row.ticker}</TableCell>
                <TableCell>{row.name}</TableCell>
                {live && (
                  <>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {f.price(row.bid, row.digits)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {f.price(row.ask, row.digits)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color }}>
                      {row.change === undefined
                        ? '—'
                        : `${row.change > 0 ? '+' : ''}${f.price(row.change, row.digits)}`}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color }}>
                      {f.percent(row.changePercent, { signed: true })}
                    </TableCell>
                  </>
                )}
                {onRemove && (
                  <TableCell padding="checkbox">
                    <IconButton size="small" aria-label={`Remove ${row.ticker}`} onClick={() => onRemove(row)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

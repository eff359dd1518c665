import { describe, expect, it } from 'vitest';
import { type GridPosition, moveInGrid } from './grid-keys';

const bounds = { rows: 100, cols: 5, pageRows: 10 };
const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('moveInGrid', () => {
  it.each<[string, ReturnType<typeof key>, GridPosition, GridPosition | null]>([
    ['down from the header to the first row', key('ArrowDown'), { row: -1, col: 2 }, { row: 0, col: 2 }],
    ['down stops at the last row', key('ArrowDown'), { row: 99, col: 0 }, { row: 99, col: 0 }],
    ['up from the first row to the header', key('ArrowUp'), { row: 0, col: 1 }, { row: -1, col: 1 }],
    ['up stops at the header', key('ArrowUp'), { row: -1, col: 1 }, { row: -1, col: 1 }],
    ['right', key('ArrowRight'), { row: 3, col: 1 }, { row: 3, col: 2 }],
    ['right stops at the last column', key('ArrowRight'), { row: 3, col: 4 }, { row: 3, col: 4 }],
    ['left stops at the first column', key('ArrowLeft'), { row: 3, col: 0 }, { row: 3, col: 0 }],
    ['Home: first cell of the row', key('Home'), { row: 7, col: 3 }, { row: 7, col: 0 }],
    ['End: last cell of the row', key('End'), { row: 7, col: 1 }, { row: 7, col: 4 }],
    ['Ctrl+Home: first row', key('Home', { ctrlKey: true }), { row: 50, col: 3 }, { row: 0, col: 0 }],
    ['Ctrl+End: last row, last cell', key('End', { ctrlKey: true }), { row: 5, col: 0 }, { row: 99, col: 4 }],
    ['Cmd+End on a Mac too', key('End', { metaKey: true }), { row: 5, col: 0 }, { row: 99, col: 4 }],
    ['PageDown by a screen', key('PageDown'), { row: 5, col: 2 }, { row: 15, col: 2 }],
    ['PageDown from the header', key('PageDown'), { row: -1, col: 2 }, { row: 10, col: 2 }],
    ['PageDown stops at the last row', key('PageDown'), { row: 95, col: 2 }, { row: 99, col: 2 }],
    ['PageUp by a screen', key('PageUp'), { row: 25, col: 2 }, { row: 15, col: 2 }],
    ['PageUp stops at the first row', key('PageUp'), { row: 4, col: 2 }, { row: 0, col: 2 }],
    ['Alt+arrow is left to the header', key('ArrowRight', { altKey: true }), { row: -1, col: 0 }, null],
    ['other keys do nothing', key('a'), { row: 1, col: 1 }, null],
  ])('%s', (_name, event, from, to) => {
    expect(moveInGrid(event, from, bounds)).toEqual(to);
  });

  it('in a table without rows only the header can be reached', () => {
    const empty = { rows: 0, cols: 3, pageRows: 10 };
    expect(moveInGrid(key('ArrowDown'), { row: -1, col: 0 }, empty)).toEqual({ row: -1, col: 0 });
    expect(moveInGrid(key('End', { ctrlKey: true }), { row: -1, col: 0 }, empty)).toEqual({ row: -1, col: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { createProgressLine, formatSize } from './progress-line.js';

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { write: (s: string) => writes.push(s), isTTY, columns: 100 } };
}

describe('progress line', () => {
  it('redraws one line in place on a terminal, a new line per phase, and ends it', () => {
    const { writes, stream: out } = stream(true);
    const bar = createProgressLine(out);
    bar.update('Checking', 512 * 1024, 1024 * 1024, '10 bars');
    bar.update('Checking', 1024 * 1024, 1024 * 1024, '20 bars');
    bar.update('Storing', 0, 1024 * 1024, '0 bars');
    bar.done();
    expect(writes).toEqual([
      `\rChecking  [############------------]  50%  512 KB / 1.0 MB  10 bars\u001b[K`,
      `\rChecking  [########################] 100%  1.0 MB / 1.0 MB  20 bars\u001b[K`,
      '\n',
      `\rStoring   [------------------------]   0%  0 bytes / 1.0 MB  0 bars\u001b[K`,
      '\n',
    ]);
  });

  it('draws nothing where the output is not a terminal', () => {
    const { writes, stream: out } = stream(false);
    const bar = createProgressLine(out);
    bar.update('Checking', 1, 2, '1 bars');
    bar.done();
    expect(writes).toEqual([]);
  });

  it('sizes as a person reads them', () => {
    expect([formatSize(200), formatSize(2048), formatSize(59_000_067)]).toEqual(['200 bytes', '2 KB', '56.3 MB']);
  });
});

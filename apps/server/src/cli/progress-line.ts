/** Where the command line writes: process.stdout and process.stderr, or a test's buffers. */
export type CliStream = { write(text: string): unknown; isTTY?: boolean; columns?: number };

/** "59.0 MB", "512 KB", "200 bytes". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const BAR_WIDTH = 24;

/**
 * A progress bar redrawn in place on a terminal (`\r`, then erase to the end of the line). On anything that
 * is not a terminal (a log file, a pipe, CI) it draws nothing: a log full of carriage returns helps nobody.
 */
export function createProgressLine(stream: CliStream) {
  const enabled = stream.isTTY === true;
  let label = '';
  let drawn = false;
  return {
    update(phase: string, done: number, total: number, detail: string): void {
      if (!enabled) return;
      if (drawn && phase !== label) stream.write('\n');
      label = phase;
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(ratio * BAR_WIDTH);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
      const percent = `${Math.floor(ratio * 100)}`.padStart(3);
      const line = `${phase.padEnd(9)} [${bar}] ${percent}%  ${formatSize(done)} / ${formatSize(total)}  ${detail}`;
      stream.write(`\r${line.slice(0, Math.max(20, (stream.columns || 120) - 1))}\u001b[K`);
      drawn = true;
    },
    /** Ends the bar's line, so what is written next starts on its own. */
    done(): void {
      if (enabled && drawn) stream.write('\n');
      drawn = false;
      label = '';
    },
  };
}

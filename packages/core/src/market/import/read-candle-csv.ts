import { LineTooLongError, readLines } from './lines.js';
import {
  type CandleCsvFormat,
  type CsvLayout,
  type CsvSeparator,
  cleanField,
  detectLayout,
  separatorName,
} from './shapes.js';
import {
  CANDLE_IMPORT_TIMEFRAMES,
  type CandleImportTimeframe,
  importTimeframeKind,
  importTimeframeLabel,
  importTimeframeSeconds,
  SECONDS_PER_DAY,
  weekdayIndex,
} from './timeframes.js';
import { formatWallClock, parseTimestamp } from './timestamps.js';
import { ZoneClock } from './wall-clock.js';

/** One bar as stored: `time` is its start in unix seconds (UTC; daily and longer bars: 00:00 UTC of the date). */
export type ImportedCandle = { time: number; open: number; high: number; low: number; close: number; volume: number };

/** A problem with the file: `line` is 1-based, null when it is about the file as a whole. */
export type CandleCsvIssue = { line: number | null; message: string };

export type CandleCsvProgress = { bytes: number; rows: number; line: number };

export type CandleCsvOptions = {
  /** IANA zone of times written without an offset; UTC by default. */
  timeZone?: string;
  /** The file's timeframe when known; otherwise it is told from the spacing of the first bars. */
  timeframe?: CandleImportTimeframe;
  /** Stop after this many bad rows (default 20). */
  maxErrors?: number;
  /** Bars handed to `onBars` at a time (default 1000). */
  batchSize?: number;
  /** Receives the valid bars in time order while the file reads without error; never after the first error. */
  onBars?: (bars: ImportedCandle[]) => void | Promise<void>;
  /** Called as the bytes read grow (once per chunk of input). */
  onProgress?: (progress: CandleCsvProgress) => void;
  /** Valid bars looked at to tell the timeframe (default 500). */
  detectRows?: number;
};

export type CandleCsvResult = {
  /** True when every row was read and valid: the bars handed to `onBars` are the whole file. */
  ok: boolean;
  format: CandleCsvFormat | null;
  separator: CsvSeparator | null;
  timeframe: CandleImportTimeframe | null;
  /** Valid bars read. */
  rows: number;
  firstTime: number | null;
  lastTime: number | null;
  bytes: number;
  warnings: string[];
  /** Bad rows by line number, at most `maxErrors`, in line order. */
  errors: CandleCsvIssue[];
  /** Reading stopped at `maxErrors`: there are more bad rows. */
  truncated: boolean;
};

/** The longest line a candle file has (a binary file fails on this instead of filling memory). */
export const MAX_CANDLE_CSV_LINE = 4096;

type Row = {
  line: number;
  timeText: string;
  /** The file's own clock reading, as unix seconds. */
  wall: number;
  utc: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

/**
 * Reads a CSV file of candles line by line (memory stays flat whatever the size), tells its shape and timeframe,
 * checks every row and hands the valid bars on in batches. Rows are checked for: the right number of fields,
 * a readable time, prices that are finite numbers above zero with low <= open, close <= high, a volume that is
 * not negative, times strictly increasing, and each time starting a bar of the timeframe in the file's clock.
 */
export async function readCandleCsv(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: CandleCsvOptions = {},
): Promise<CandleCsvResult> {
  const reader = new CandleCsvReader(options);
  try {
    reading: for await (const batch of readLines(input, MAX_CANDLE_CSV_LINE)) {
      reader.bytes = batch.bytes;
      options.onProgress?.({ bytes: batch.bytes, rows: reader.rows, line: batch.first - 1 });
      for (let i = 0; i < batch.texts.length; i++) {
        reader.line(batch.texts[i]!, batch.first + i);
        if (reader.stopped) break reading;
        if (reader.batchFull) await reader.flush();
      }
    }
  } catch (error) {
    if (!(error instanceof LineTooLongError)) throw error;
    reader.fileError(
      error.line,
      `Line ${error.line} is longer than ${error.limit} characters, so this is not a CSV file of candles.`,
    );
  }
  await reader.finish();
  options.onProgress?.({ bytes: reader.bytes, rows: reader.rows, line: reader.lastLine });
  return reader.result();
}

class CandleCsvReader {
  bytes = 0;
  rows = 0;
  lastLine = 0;
  stopped = false;

  private layout: CsvLayout | undefined;
  private readonly zone: ZoneClock;
  private timeframe: CandleImportTimeframe | undefined;
  private readonly maxErrors: number;
  private readonly batchSize: number;
  private readonly detectRows: number;
  private readonly errors: CandleCsvIssue[] = [];
  private truncated = false;
  private readonly warnings = new Set<string>();
  /** Valid rows waiting for the timeframe to be told. */
  private pending: Row[] | undefined;
  private batch: ImportedCandle[] = [];
  private firstTime: number | null = null;
  private lastTime: number | null = null;
  private lastStored: { time: number; line: number; text: string } | undefined;
  /** UTC instant of the last readable row, to place a wall-clock time the clocks showed twice. */
  private lastUtc: number | undefined;
  private minStep = Number.POSITIVE_INFINITY;
  private usedTickVolume = false;
  private usedOwnOffsets = false;

  constructor(private readonly options: CandleCsvOptions) {
    this.zone = new ZoneClock(options.timeZone ?? 'UTC');
    this.timeframe = options.timeframe;
    this.maxErrors = Math.max(1, options.maxErrors ?? 20);
    this.batchSize = Math.max(1, options.batchSize ?? 1000);
    this.detectRows = Math.max(2, options.detectRows ?? 500);
    if (!this.timeframe) this.pending = [];
  }

  /** Reads one line; bars pile up until `batchFull`, when the caller awaits `flush()`. */
  line(text: string, line: number): void {
    this.lastLine = line;
    if (text.trim() === '') return;
    if (!this.layout) {
      const detected = detectLayout(text);
      if (!detected.ok) {
        this.fileError(line, `Line ${line}: ${detected.message}`);
        return;
      }
      this.layout = detected.layout;
      this.noteLayout();
      if (this.layout.hasHeader) return;
    }
    const row = this.parse(text, line, this.layout);
    if (!row) return;
    if (this.pending) {
      this.pending.push(row);
      if (this.pending.length >= this.detectRows) this.releasePending();
      return;
    }
    this.accept(row);
  }

  get batchFull(): boolean {
    return this.batch.length >= this.batchSize;
  }

  async finish(): Promise<void> {
    if (this.stopped) return;
    if (!this.layout) {
      this.fileError(null, 'The file is empty.');
      return;
    }
    if (this.pending?.length === 0) this.pending = undefined;
    if (this.pending) {
      // with bad rows and too few good ones to tell the timeframe, the bad rows say enough
      if (this.pending.length < 2 && this.errors.length > 0) return;
      this.releasePending();
    }
    if (this.stopped) return;
    if (this.rows === 0 && this.errors.length === 0) {
      this.fileError(null, this.layout.hasHeader ? 'The file has a header but no bars.' : 'The file has no bars.');
      return;
    }
    const tf = this.timeframe;
    if (tf && this.options.timeframe && this.rows > 1 && importTimeframeKind(tf) !== 'weekly' && tf !== '1M') {
      if (this.minStep > importTimeframeSeconds(tf)) {
        this.warnings.add(
          `The bars are at least ${describeSeconds(this.minStep)} apart, but the timeframe ${tf} was given: they are stored as ${tf} bars with gaps.`,
        );
      }
    }
    if (this.errors.length === 0 && this.batch.length > 0) await this.flush();
  }

  result(): CandleCsvResult {
    if (this.usedTickVolume) {
      this.warnings.add('The volumes are tick volumes (<TICKVOL>), because the file has no real volume.');
    }
    if (this.usedOwnOffsets && this.options.timeZone && !this.zone.isUtc) {
      this.warnings.add(
        `The times carry their own UTC offset, so the time zone ${this.options.timeZone} was not used.`,
      );
    }
    const ok = this.errors.length === 0 && this.rows > 0;
    return {
      ok,
      format: this.layout?.format ?? null,
      separator: this.layout?.separator ?? null,
      timeframe: this.timeframe ?? null,
      rows: this.rows,
      firstTime: this.firstTime,
      lastTime: this.lastTime,
      bytes: this.bytes,
      warnings: [...this.warnings],
      errors: [...this.errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
      truncated: this.truncated,
    };
  }

  /** A problem that ends the reading (the shape, the timeframe, a line too long). */
  fileError(line: number | null, message: string): void {
    if (this.errors.length >= this.maxErrors) this.truncated = true;
    else this.errors.push({ line, message });
    this.stopped = true;
  }

  /** Records a bad row (answers undefined, so a reader of a row can `return this.rowError(...)`). */
  private rowError(line: number, message: string): undefined {
    if (this.errors.length >= this.maxErrors) {
      this.truncated = true;
      this.stopped = true;
      return undefined;
    }
    this.errors.push({ line, message: `Line ${line}: ${message}` });
    this.batch = [];
    return undefined;
  }

  private noteLayout(): void {
    const layout = this.layout!;
    const zone = this.options.timeZone;
    if (layout.volume === undefined && layout.tickVolume === undefined) {
      this.warnings.add('The file has no volume column, so the volumes are stored as 0.');
    }
    for (const name of layout.ignored) this.warnings.add(`The column "${name.slice(0, 40)}" is not used.`);
    if (layout.timesAreUtc && zone && !this.zone.isUtc) {
      this.warnings.add(`The file's "Gmt time" column is UTC, so the time zone ${zone} was not used.`);
    }
  }

  private parse(text: string, line: number, layout: CsvLayout): Row | undefined {
    const fields = text.split(layout.separator);
    while (fields.length > layout.columns && fields[fields.length - 1]!.trim() === '') fields.pop();
    if (fields.length !== layout.columns) {
      this.rowError(
        line,
        `expected ${layout.columns} ${separatorName(layout.separator)}-separated fields but found ${fields.length}.`,
      );
      return undefined;
    }
    const timeText =
      layout.time === undefined
        ? cleanField(fields[layout.date]!)
        : `${cleanField(fields[layout.date]!)} ${cleanField(fields[layout.time]!)}`;
    const time = this.readTime(timeText, line, layout);
    if (!time) return undefined;

    const decimalComma = layout.separator !== ',';
    const openText = cleanField(fields[layout.open]!);
    const highText = cleanField(fields[layout.high]!);
    const lowText = cleanField(fields[layout.low]!);
    const closeText = cleanField(fields[layout.close]!);
    const open = this.price('open', openText, line, decimalComma);
    if (open === undefined) return undefined;
    const high = this.price('high', highText, line, decimalComma);
    if (high === undefined) return undefined;
    const low = this.price('low', lowText, line, decimalComma);
    if (low === undefined) return undefined;
    const close = this.price('close', closeText, line, decimalComma);
    if (close === undefined) return undefined;
    if (high < low) return this.rowError(line, `high ${highText} is below low ${lowText}.`);
    if (open > high) return this.rowError(line, `open ${openText} is above high ${highText}.`);
    if (open < low) return this.rowError(line, `open ${openText} is below low ${lowText}.`);
    if (close > high) return this.rowError(line, `close ${closeText} is above high ${highText}.`);
    if (close < low) return this.rowError(line, `close ${closeText} is below low ${lowText}.`);
    const volume = this.readVolume(fields, line, layout, decimalComma);
    if (volume === undefined) return undefined;
    return { line, timeText, wall: time.wall, utc: time.utc, open, high, low, close, volume };
  }

  private price(name: string, raw: string, line: number, decimalComma: boolean): number | undefined {
    const value = readNumber(raw, decimalComma);
    if (value === undefined) return this.rowError(line, `${name} ${quote(raw)} is not a number.`);
    if (value <= 0) return this.rowError(line, `${name} ${raw} is not above zero; prices must be positive.`);
    return value;
  }

  private readTime(text: string, line: number, layout: CsvLayout): { wall: number; utc: number } | undefined {
    const parsed = parseTimestamp(text);
    if (!parsed.ok) {
      this.rowError(line, `time ${quote(text)} ${parsed.reason}.`);
      return undefined;
    }
    const t = parsed.value;
    let wall: number;
    let utc: number;
    if (t.kind === 'instant') {
      utc = t.utc;
      wall = t.hasOffset ? t.wall : this.zone.wallAt(utc);
      if (t.hasOffset) this.usedOwnOffsets = true;
    } else if (layout.timesAreUtc) {
      wall = t.wall;
      utc = t.wall;
    } else {
      wall = t.wall;
      const resolved = this.zone.resolve(wall);
      if (resolved.kind === 'skipped') {
        this.rowError(
          line,
          `time ${text} did not happen in ${this.zone.zone}: the clocks went forward over it. Check the file's time zone.`,
        );
        return undefined;
      }
      if (resolved.kind === 'exact') utc = resolved.utc;
      // The clocks went back: the first pass through the hour, unless the file is already past it.
      else utc = this.lastUtc !== undefined && resolved.earlier <= this.lastUtc ? resolved.later : resolved.earlier;
    }
    this.lastUtc = utc;
    return { wall, utc };
  }

  private readVolume(fields: string[], line: number, layout: CsvLayout, decimalComma: boolean): number | undefined {
    let volume = 0;
    if (layout.volume !== undefined) {
      const v = this.volumeOf(cleanField(fields[layout.volume]!), 'volume', line, decimalComma);
      if (v === undefined) return undefined;
      volume = v;
    }
    if (volume === 0 && layout.tickVolume !== undefined) {
      const tick = this.volumeOf(cleanField(fields[layout.tickVolume]!), 'tick volume', line, decimalComma);
      if (tick === undefined) return undefined;
      if (tick > 0) this.usedTickVolume = true;
      volume = tick;
    }
    return volume;
  }

  private volumeOf(raw: string, name: string, line: number, decimalComma: boolean): number | undefined {
    if (raw === '') return 0;
    const value = readNumber(raw, decimalComma);
    if (value === undefined) return this.rowError(line, `${name} ${quote(raw)} is not a number.`);
    if (value < 0) return this.rowError(line, `${name} ${raw} is negative.`);
    return value;
  }

  private releasePending(): void {
    const rows = this.pending ?? [];
    this.pending = undefined;
    if (!this.timeframe) {
      const detected = detectTimeframe(rows);
      if (!detected.ok) {
        this.fileError(null, detected.message);
        return;
      }
      this.timeframe = detected.timeframe;
    }
    for (const row of rows) {
      this.accept(row);
      if (this.stopped) return;
    }
  }

  /** Places a readable row in the sequence: on a bar boundary of the timeframe, after the previous bar. */
  private accept(row: Row): void {
    const tf = this.timeframe!;
    const kind = importTimeframeKind(tf);
    let time: number;
    const midnight = row.wall % SECONDS_PER_DAY === 0;
    if (kind === 'intraday') {
      if (row.wall % importTimeframeSeconds(tf) !== 0) {
        this.rowError(row.line, `time ${row.timeText} does not start a ${importTimeframeLabel(tf)} bar.`);
        return;
      }
      time = row.utc;
    } else if (!midnight) {
      this.rowError(
        row.line,
        `time ${row.timeText} is not at 00:00, where ${importTimeframeLabel(tf)} bars start. If the file's days start at another hour, give the time zone in which they start.`,
      );
      return;
    } else if (kind === 'daily') {
      time = row.wall;
    } else if (kind === 'weekly') {
      const weekday = weekdayIndex(row.wall);
      if (weekday !== 0 && weekday !== 6) {
        this.rowError(
          row.line,
          `time ${row.timeText} is a ${WEEKDAYS[weekday]}; weekly bars start on a Monday (or on the Sunday before, as MetaTrader writes them).`,
        );
        return;
      }
      time = weekday === 6 ? row.wall + SECONDS_PER_DAY : row.wall;
    } else {
      if (new Date(row.wall * 1000).getUTCDate() !== 1) {
        this.rowError(row.line, `time ${row.timeText} is not the 1st of a month, where monthly bars start.`);
        return;
      }
      time = row.wall;
    }

    const previous = this.lastStored;
    if (previous && time <= previous.time) {
      this.rowError(
        row.line,
        time === previous.time
          ? `time ${row.timeText} is the same bar as line ${previous.line} (${previous.text}).`
          : `time ${row.timeText} is before line ${previous.line} (${previous.text}); rows must be in time order, oldest first.`,
      );
      return;
    }
    if (previous) this.minStep = Math.min(this.minStep, time - previous.time);
    this.lastStored = { time, line: row.line, text: row.timeText };
    this.rows++;
    this.firstTime ??= time;
    this.lastTime = time;
    if (this.errors.length > 0 || !this.options.onBars) return;
    this.batch.push({ time, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
  }

  /** Hands the bars read so far to `onBars` (the detection buffer may have released more than one batch). */
  async flush(): Promise<void> {
    while (this.batch.length > 0) {
      const bars = this.batch.splice(0, this.batchSize);
      await this.options.onBars?.(bars);
    }
  }
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A decimal number as files write it (`1.0712`, `-3`, `1e-4`; `1,0712` where the separator is not a comma). */
function readNumber(raw: string, decimalComma: boolean): number | undefined {
  const text = decimalComma && raw.includes(',') && !raw.includes('.') ? raw.replace(',', '.') : raw;
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) return undefined;
  // Number() also reads 0x1F, 0b101 and 0o17
  if (text.length > 1 && text.charCodeAt(0) === 48) {
    const c = text.charCodeAt(1) | 32;
    if (c === 120 || c === 98 || c === 111) return undefined;
  }
  return value;
}

function quote(raw: string): string {
  return raw === '' ? '(empty)' : `"${raw.length > 40 ? `${raw.slice(0, 40)}...` : raw}"`;
}

/** "5 minutes", "1 hour", "3 days": a span of seconds as a sentence says it. */
export function describeSeconds(seconds: number): string {
  const units: Array<[number, string]> = [
    [SECONDS_PER_DAY, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

const INTRADAY = CANDLE_IMPORT_TIMEFRAMES.filter((t) => t.kind === 'intraday');
const SUPPORTED = CANDLE_IMPORT_TIMEFRAMES.map((t) => t.id).join(', ');

type Detected = { ok: true; timeframe: CandleImportTimeframe } | { ok: false; message: string };

/** The timeframe of a file from the shortest step between its first bars, on the file's own clock. */
function detectTimeframe(rows: readonly Row[]): Detected {
  if (rows.length < 2) {
    return {
      ok: false,
      message:
        'The file has a single bar, so its timeframe cannot be told from the spacing of the bars. Give the timeframe.',
    };
  }
  let step = Number.POSITIVE_INFINITY;
  let lines: [number, number] = [0, 0];
  for (let i = 1; i < rows.length; i++) {
    const d = rows[i]!.wall - rows[i - 1]!.wall;
    if (d > 0 && d < step) {
      step = d;
      lines = [rows[i - 1]!.line, rows[i]!.line];
    }
  }
  if (!Number.isFinite(step)) {
    return {
      ok: false,
      message: 'No two bars of the file are in time order, so its timeframe cannot be told. Rows must be oldest first.',
    };
  }
  const allMidnight = rows.every((r) => r.wall % SECONDS_PER_DAY === 0);
  if (allMidnight) {
    const firsts = rows.every((r) => new Date(r.wall * 1000).getUTCDate() === 1);
    if (firsts && step >= 28 * SECONDS_PER_DAY) return { ok: true, timeframe: '1M' };
    if (step % (7 * SECONDS_PER_DAY) === 0) return { ok: true, timeframe: '1W' };
    return { ok: true, timeframe: '1D' };
  }
  const intraday = INTRADAY.find((t) => t.seconds === step);
  if (intraday) return { ok: true, timeframe: intraday.id };
  if (step % SECONDS_PER_DAY === 0) {
    const off = rows.find((r) => r.wall % SECONDS_PER_DAY !== 0)!;
    return {
      ok: false,
      message: `The bars are whole days apart but do not start at 00:00 (line ${off.line} starts at ${formatWallClock(off.wall).slice(11)}). Give the time zone in which the file's days start.`,
    };
  }
  return {
    ok: false,
    message: `The shortest step between bars is ${describeSeconds(step)} (lines ${lines[0]} and ${lines[1]}), which is not a timeframe this import stores (${SUPPORTED}). Give the timeframe if the file has gaps.`,
  };
}

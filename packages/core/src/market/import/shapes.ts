/**
 * The shapes of candle file this import reads, told apart by the first line:
 * - MetaTrader 5 history export: tab-separated `<DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>`
 *   (daily and longer bars have no `<TIME>`), dates like `2024.01.02`;
 * - MetaTrader 4 history export: no header, `2024.01.02,00:00,open,high,low,close,volume`;
 * - Dukascopy: `Gmt time,Open,High,Low,Close,Volume` with `02.01.2024 00:00:00.000` (or `Local time` with a
 *   `GMT+0200` suffix on each time);
 * - any file whose header names a time column (`time`, `timestamp`, `date`, `datetime`, or `date` and `time`)
 *   and `open`, `high`, `low`, `close`, optionally `volume`, in any order.
 * Fields are separated by a comma, a semicolon or a tab.
 */

export type CandleCsvFormat = 'mt5' | 'mt4' | 'dukascopy' | 'ohlcv';
export type CsvSeparator = ',' | ';' | '\t';

export const CANDLE_CSV_FORMAT_LABELS: Record<CandleCsvFormat, string> = {
  mt5: 'MetaTrader 5 export',
  mt4: 'MetaTrader 4 export',
  dukascopy: 'Dukascopy export',
  ohlcv: 'OHLCV table',
};

export type CsvLayout = {
  format: CandleCsvFormat;
  separator: CsvSeparator;
  /** Whether line 1 is a header (MetaTrader 4 files start with data). */
  hasHeader: boolean;
  /** Column count a data row must have (trailing empty fields aside). */
  columns: number;
  /** Column of the date or the whole timestamp, and of a separate time of day when there is one. */
  date: number;
  time: number | undefined;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | undefined;
  /** MetaTrader 5 keeps tick volume apart from real volume: used when the real volume is 0. */
  tickVolume: number | undefined;
  /** Times are UTC whatever the caller says (Dukascopy's "Gmt time"). */
  timesAreUtc: boolean;
  /** Header names of columns this import does not use (MetaTrader's spread is expected and not listed). */
  ignored: string[];
};

export type LayoutResult = { ok: true; layout: CsvLayout } | { ok: false; message: string };

const SEPARATORS: CsvSeparator[] = ['\t', ';', ','];
const SEPARATOR_NAMES: Record<CsvSeparator, string> = { '\t': 'tab', ';': 'semicolon', ',': 'comma' };

export function separatorName(separator: CsvSeparator): string {
  return SEPARATOR_NAMES[separator];
}

/** A field without surrounding blanks and quotes (`"1.0712"` -> `1.0712`). */
export function cleanField(field: string): string {
  const t = field.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replaceAll('""', '"').trim() : t;
}

/** The separator that splits the line into the most fields (at least five: a time and four prices). */
function separatorOf(line: string): CsvSeparator | undefined {
  let best: CsvSeparator | undefined;
  let bestCount = 4;
  for (const sep of SEPARATORS) {
    const count = line.split(sep).length;
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

const TIME_NAMES = new Set([
  'time',
  'timestamp',
  'date',
  'datetime',
  'date time',
  'date_time',
  'gmt time',
  'local time',
]);
const VOLUME_NAMES = new Set(['volume', 'vol', 'tickvol', 'tick volume', 'tick_volume', 'real_volume']);

const UNKNOWN_SHAPE =
  'The first line is not a header this import reads. Use a MetaTrader 5 export (<DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>), a Dukascopy export (Gmt time,Open,High,Low,Close,Volume), a MetaTrader 4 export (2024.01.02,00:00,open,high,low,close,volume) or a header naming time, open, high, low, close and optionally volume, separated by commas, semicolons or tabs.';

/** Tells the file's shape from its first line. */
export function detectLayout(firstLine: string): LayoutResult {
  const separator = separatorOf(firstLine);
  if (!separator) return { ok: false, message: UNKNOWN_SHAPE };
  const raw = firstLine.split(separator).map(cleanField);
  while (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();

  // MetaTrader 4: data from the first line, `yyyy.mm.dd,hh:mm,o,h,l,c,v`
  if (/^\d{4}\.\d{2}\.\d{2}$/.test(raw[0] ?? '') && /^\d{1,2}:\d{2}(:\d{2})?$/.test(raw[1] ?? '')) {
    if (raw.length !== 6 && raw.length !== 7) return { ok: false, message: UNKNOWN_SHAPE };
    return {
      ok: true,
      layout: {
        format: 'mt4',
        separator,
        hasHeader: false,
        columns: raw.length,
        date: 0,
        time: 1,
        open: 2,
        high: 3,
        low: 4,
        close: 5,
        volume: raw.length === 7 ? 6 : undefined,
        tickVolume: undefined,
        timesAreUtc: false,
        ignored: [],
      },
    };
  }

  const mt5 = raw.some((n) => /^<.+>$/.test(n));
  const names = raw.map((n) =>
    n
      .replace(/^<(.+)>$/, '$1')
      .toLowerCase()
      .replace(/\s+/g, ' '),
  );
  const find = (...candidates: string[]) => {
    const i = names.findIndex((n) => candidates.includes(n));
    return i < 0 ? undefined : i;
  };
  const open = find('open', 'o');
  const high = find('high', 'h');
  const low = find('low', 'l');
  const close = find('close', 'c', 'last');
  if (open === undefined || high === undefined || low === undefined || close === undefined) {
    return { ok: false, message: UNKNOWN_SHAPE };
  }
  const dateAndTime = find('date') !== undefined && find('time') !== undefined;
  const date = dateAndTime ? find('date')! : names.findIndex((n) => TIME_NAMES.has(n));
  if (date < 0) return { ok: false, message: UNKNOWN_SHAPE };
  const time = dateAndTime ? find('time') : undefined;
  const dukascopy = names[date] === 'gmt time' || names[date] === 'local time';
  const format: CandleCsvFormat = mt5 ? 'mt5' : dukascopy ? 'dukascopy' : 'ohlcv';

  let volume: number | undefined;
  let tickVolume: number | undefined;
  if (mt5) {
    volume = find('vol', 'volume');
    tickVolume = find('tickvol');
  } else {
    volume = find('volume', 'vol');
    if (volume === undefined) volume = names.findIndex((n) => VOLUME_NAMES.has(n));
    if (volume !== undefined && volume < 0) volume = undefined;
  }
  const used = new Set([date, time, open, high, low, close, volume, tickVolume]);
  const ignored = raw.filter((_, i) => !used.has(i) && !(mt5 && names[i] === 'spread') && raw[i] !== '');
  return {
    ok: true,
    layout: {
      format,
      separator,
      hasHeader: true,
      columns: raw.length,
      date,
      time,
      open,
      high,
      low,
      close,
      volume,
      tickVolume,
      timesAreUtc: names[date] === 'gmt time',
      ignored,
    },
  };
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CandleCsvOptions, type ImportedCandle, readCandleCsv } from './read-candle-csv.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const utc = (iso: string) => Date.parse(iso) / 1000;

/** The file as a stream of chunks of `size` bytes, as a disk or an upload delivers it. */
function* chunks(data: Uint8Array, size = 64 * 1024): Generator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function read(data: Uint8Array | string, options: CandleCsvOptions = {}) {
  const bars: ImportedCandle[] = [];
  const input = typeof data === 'string' ? [data] : chunks(data);
  const result = await readCandleCsv(input, { ...options, onBars: (b) => void bars.push(...b) });
  return { ...result, bars };
}

describe('readCandleCsv: the shapes it reads', () => {
  it.each([
    {
      file: 'mt5-eurusd-m1.csv',
      format: 'mt5',
      separator: '\t',
      timeframe: '1m',
      rows: 6,
      first: '2024-01-02T00:00:00Z',
      last: '2024-01-02T00:06:00Z',
      firstBar: { open: 1.10427, high: 1.10441, low: 1.1042, close: 1.10436, volume: 57 },
      warning: 'tick volumes',
    },
    {
      file: 'mt5-xauusd-d1.csv',
      format: 'mt5',
      separator: '\t',
      timeframe: '1D',
      rows: 5,
      first: '2024-01-02T00:00:00Z',
      last: '2024-01-08T00:00:00Z',
      firstBar: { open: 2062.98, high: 2078.74, low: 2057.48, close: 2059.62, volume: 98117 },
      warning: 'tick volumes',
    },
    {
      file: 'mt5-eurusd-w1.csv',
      format: 'mt5',
      separator: '\t',
      timeframe: '1W',
      rows: 3,
      // MetaTrader dates a week by its Sunday; the bar is stored on the Monday
      first: '2024-01-01T00:00:00Z',
      last: '2024-01-15T00:00:00Z',
      firstBar: { open: 1.10371, high: 1.10465, low: 1.08771, close: 1.09402, volume: 482111 },
      warning: 'tick volumes',
    },
    {
      file: 'mt4-gbpusd-h1.csv',
      format: 'mt4',
      separator: ',',
      timeframe: '1h',
      rows: 4,
      first: '2024-03-04T08:00:00Z',
      last: '2024-03-04T11:00:00Z',
      firstBar: { open: 1.26712, high: 1.26805, low: 1.2669, close: 1.26781, volume: 2310 },
    },
    {
      file: 'dukascopy-eurusd-m5.csv',
      format: 'dukascopy',
      separator: ',',
      timeframe: '5m',
      rows: 4,
      first: '2024-01-02T00:00:00Z',
      last: '2024-01-02T00:15:00Z',
      firstBar: { open: 1.10427, high: 1.10452, low: 1.10411, close: 1.10415, volume: 1521.37 },
    },
    {
      file: 'dukascopy-local-m15.csv',
      format: 'dukascopy',
      separator: ',',
      timeframe: '15m',
      rows: 3,
      first: '2024-01-02T00:00:00Z',
      last: '2024-01-02T00:30:00Z',
      firstBar: { open: 1.10427, high: 1.10452, low: 1.10411, close: 1.10415, volume: 4521.1 },
    },
    {
      file: 'ohlcv-unix-seconds.csv',
      format: 'ohlcv',
      separator: ',',
      timeframe: '1h',
      rows: 3,
      first: '2024-01-01T00:00:00Z',
      last: '2024-01-01T02:00:00Z',
      firstBar: { open: 42280.5, high: 42500, low: 42100.25, close: 42450, volume: 12.5 },
    },
    {
      file: 'ohlcv-unix-ms.csv',
      format: 'ohlcv',
      separator: ',',
      timeframe: '1m',
      rows: 3,
      first: '2024-01-01T00:00:00Z',
      last: '2024-01-01T00:02:00Z',
      firstBar: { open: 4750.5, high: 4757.75, low: 4749, close: 4755.25, volume: 0 },
      warning: 'no volume column',
    },
    {
      file: 'ohlcv-iso.csv',
      format: 'ohlcv',
      separator: ',',
      timeframe: '30m',
      rows: 3,
      first: '2024-01-02T14:30:00Z',
      last: '2024-01-02T15:30:00Z',
      firstBar: { open: 187.15, high: 188.44, low: 186.92, close: 188.01, volume: 1203400 },
    },
    {
      file: 'ohlcv-semicolon.csv',
      format: 'ohlcv',
      separator: ';',
      timeframe: '30m',
      rows: 3,
      first: '2024-01-02T09:00:00Z',
      last: '2024-01-02T10:00:00Z',
      firstBar: { open: 16750.5, high: 16780.25, low: 16741, close: 16772.75, volume: 1530 },
    },
    {
      file: 'ohlcv-monthly.tsv',
      format: 'ohlcv',
      separator: '\t',
      timeframe: '1M',
      rows: 4,
      first: '2023-11-01T00:00:00Z',
      last: '2024-02-01T00:00:00Z',
      firstBar: { open: 1.0565, high: 1.1017, low: 1.0517, close: 1.0886, volume: 0 },
    },
  ])('$file: $format, $timeframe, $rows bars', async (c) => {
    const r = await read(fixture(c.file));
    expect(r.errors).toEqual([]);
    expect(r).toMatchObject({
      ok: true,
      format: c.format,
      separator: c.separator,
      timeframe: c.timeframe,
      rows: c.rows,
      firstTime: utc(c.first),
      lastTime: utc(c.last),
      truncated: false,
    });
    expect(r.bars).toHaveLength(c.rows);
    expect(r.bars[0]).toEqual({ time: utc(c.first), ...c.firstBar });
    expect(r.bars.at(-1)?.time).toBe(utc(c.last));
    if (c.warning) expect(r.warnings.join(' ')).toContain(c.warning);
    else expect(r.warnings).toEqual([]);
  });

  it('reads a MetaTrader "Unicode" export (UTF-16 with a byte-order mark) like its UTF-8 twin', async () => {
    const text = fixture('mt5-eurusd-m1.csv').toString('utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const a = await read(fixture('mt5-eurusd-m1.csv'));
    const b = await read(utf16);
    expect(b.ok).toBe(true);
    expect(b.bars).toEqual(a.bars);
  });

  it('gives the same bars whatever the chunk boundaries (one byte at a time, a UTF-8 mark included)', async () => {
    const data = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('dukascopy-eurusd-m5.csv')]);
    const whole = await read(data);
    const bars: ImportedCandle[] = [];
    const bytewise = await readCandleCsv(chunks(data, 1), { onBars: (b) => void bars.push(...b) });
    expect(bytewise.ok).toBe(true);
    expect(bars).toEqual(whole.bars);
  });

  it('hands the bars on in batches of the size asked, in time order', async () => {
    const sizes: number[] = [];
    const times: number[] = [];
    const r = await readCandleCsv(chunks(fixture('mt5-eurusd-m1.csv')), {
      batchSize: 4,
      onBars: (b) => {
        sizes.push(b.length);
        times.push(...b.map((x) => x.time));
      },
    });
    expect(r.ok).toBe(true);
    expect(sizes).toEqual([4, 2]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reports progress as bytes grow, ending at the size of the file', async () => {
    const data = fixture('ohlcv-iso.csv');
    const seen: number[] = [];
    await readCandleCsv(chunks(data, 40), { onProgress: (p) => seen.push(p.bytes) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(data.length);
  });
});

describe('readCandleCsv: time zones', () => {
  it('places naive times in the zone given (Athens is UTC+2 in January)', async () => {
    const r = await read(fixture('mt5-eurusd-m1.csv'), { timeZone: 'Europe/Athens' });
    expect(r.firstTime).toBe(utc('2024-01-01T22:00:00Z'));
  });

  it('keeps daily bars on their date whatever the zone (the trade date at 00:00 UTC)', async () => {
    const r = await read(fixture('mt5-xauusd-d1.csv'), { timeZone: 'Europe/Athens' });
    expect(r.firstTime).toBe(utc('2024-01-02T00:00:00Z'));
  });

  it('reads the hour the clocks go back twice: first in summer time, then in winter time', async () => {
    const r = await read(fixture('ohlcv-london-dst.csv'), { timeZone: 'Europe/London' });
    expect(r.errors).toEqual([]);
    expect(r.bars.map((b) => b.time)).toEqual([
      utc('2023-10-28T23:00:00Z'),
      utc('2023-10-29T00:00:00Z'),
      utc('2023-10-29T01:00:00Z'),
      utc('2023-10-29T02:00:00Z'),
    ]);
  });

  it('the same file read as UTC repeats a bar, and says which lines', async () => {
    const r = await read(fixture('ohlcv-london-dst.csv'));
    expect(r.errors).toEqual([
      { line: 4, message: 'Line 4: time 2023-10-29 01:00 is the same bar as line 3 (2023-10-29 01:00).' },
    ]);
  });

  it('refuses a time the clocks skipped', async () => {
    const csv =
      'time,open,high,low,close\n2024-03-31 00:00,1,1,1,1\n2024-03-31 00:30,1,1,1,1\n2024-03-31 01:30,1,1,1,1\n2024-03-31 02:00,1,1,1,1\n';
    const r = await read(csv, { timeZone: 'Europe/London' });
    expect(r.errors).toEqual([
      {
        line: 4,
        message:
          "Line 4: time 2024-03-31 01:30 did not happen in Europe/London: the clocks went forward over it. Check the file's time zone.",
      },
    ]);
  });

  it('uses the offsets written in the file and says the zone given was not needed', async () => {
    const r = await read(fixture('dukascopy-local-m15.csv'), { timeZone: 'America/New_York' });
    expect(r.firstTime).toBe(utc('2024-01-02T00:00:00Z'));
    expect(r.warnings).toContain(
      'The times carry their own UTC offset, so the time zone America/New_York was not used.',
    );
  });

  it('treats Dukascopy "Gmt time" as UTC whatever zone is given', async () => {
    const r = await read(fixture('dukascopy-eurusd-m5.csv'), { timeZone: 'Asia/Tokyo' });
    expect(r.firstTime).toBe(utc('2024-01-02T00:00:00Z'));
    expect(r.warnings.join(' ')).toContain('"Gmt time" column is UTC');
  });
});

describe('readCandleCsv: bad rows', () => {
  it('reports every bad row by line number in a full sentence, and hands on no bars', async () => {
    const r = await read(fixture('bad-rows.csv'));
    expect(r.ok).toBe(false);
    expect(r.bars).toEqual([]);
    expect(r.errors).toEqual([
      { line: 5, message: 'Line 5: open "abc" is not a number.' },
      { line: 6, message: 'Line 6: expected 6 comma-separated fields but found 4.' },
      { line: 7, message: 'Line 7: close 1.0730 is above high 1.0721.' },
      { line: 8, message: 'Line 8: volume -4 is negative.' },
      {
        line: 10,
        message:
          'Line 10: time 2024-01-02 00:05 is before line 9 (2024-01-02 00:06); rows must be in time order, oldest first.',
      },
      { line: 11, message: 'Line 11: time 2024-01-02 00:07:30 does not start a 1-minute bar.' },
      { line: 12, message: 'Line 12: time "2024-02-30 00:08" is not a date of the calendar.' },
      { line: 13, message: 'Line 13: open 0 is not above zero; prices must be positive.' },
      { line: 17, message: 'Line 17: high 1.0712 is below low 1.0720.' },
    ]);
    expect(r.truncated).toBe(false);
  });

  it('stops after the number of errors asked and says there are more', async () => {
    const r = await read(fixture('bad-rows.csv'), { maxErrors: 3 });
    expect(r.errors.map((e) => e.line)).toEqual([5, 6, 7]);
    expect(r.truncated).toBe(true);
  });

  it('checks every bar against the timeframe given', async () => {
    const r = await read(fixture('mt5-eurusd-m1.csv'), { timeframe: '5m' });
    expect(r.errors.map((e) => e.message)).toEqual([
      'Line 3: time 2024.01.02 00:01:00 does not start a 5-minute bar.',
      'Line 4: time 2024.01.02 00:02:00 does not start a 5-minute bar.',
      'Line 5: time 2024.01.02 00:03:00 does not start a 5-minute bar.',
      'Line 7: time 2024.01.02 00:06:00 does not start a 5-minute bar.',
    ]);
  });

  it('stores a coarser file under a finer timeframe given on purpose, and warns', async () => {
    const r = await read(fixture('dukascopy-eurusd-m5.csv'), { timeframe: '1m' });
    expect(r.ok).toBe(true);
    expect(r.timeframe).toBe('1m');
    expect(r.warnings).toContain(
      'The bars are at least 5 minutes apart, but the timeframe 1m was given: they are stored as 1m bars with gaps.',
    );
  });

  it.each([
    {
      name: 'a file of another kind',
      csv: fixture('not-candles.csv'),
      errors: [
        { line: 1, message: expect.stringMatching(/^Line 1: The first line is not a header this import reads\./) },
      ],
    },
    { name: 'an empty file', csv: '', errors: [{ line: null, message: 'The file is empty.' }] },
    {
      name: 'a header without bars',
      csv: 'time,open,high,low,close\n\n',
      errors: [{ line: null, message: 'The file has a header but no bars.' }],
    },
    {
      name: 'a single bar without a timeframe',
      csv: 'time,open,high,low,close\n2024-01-02 00:00,1,1,1,1\n',
      errors: [
        {
          line: null,
          message:
            'The file has a single bar, so its timeframe cannot be told from the spacing of the bars. Give the timeframe.',
        },
      ],
    },
    {
      name: 'bars two minutes apart',
      csv: 'time,open,high,low,close\n2024-01-02 00:00,1,1,1,1\n2024-01-02 00:02,1,1,1,1\n2024-01-02 00:04,1,1,1,1\n',
      errors: [
        {
          line: null,
          message:
            'The shortest step between bars is 2 minutes (lines 2 and 3), which is not a timeframe this import stores (1m, 5m, 15m, 30m, 1h, 4h, 1D, 1W, 1M). Give the timeframe if the file has gaps.',
        },
      ],
    },
    {
      name: 'daily bars that start at 22:00',
      csv: 'time,open,high,low,close\n2024-01-01 22:00,1,1,1,1\n2024-01-02 22:00,1,1,1,1\n',
      errors: [
        {
          line: null,
          message:
            "The bars are whole days apart but do not start at 00:00 (line 2 starts at 22:00). Give the time zone in which the file's days start.",
        },
      ],
    },
    {
      name: 'a binary file',
      csv: Buffer.alloc(10_000, 0x41),
      errors: [{ line: 1, message: 'Line 1 is longer than 4096 characters, so this is not a CSV file of candles.' }],
    },
  ])('refuses $name', async ({ csv, errors }) => {
    const r = await read(csv);
    expect(r.ok).toBe(false);
    expect(r.bars).toEqual([]);
    expect(r.errors).toEqual(errors);
  });

  it('reads daily bars of a zone whose days start at 22:00 UTC when given that zone', async () => {
    const csv = 'time,open,high,low,close\n2024-01-01T22:00:00Z,1,1,1,1\n2024-01-02T22:00:00Z,1,1,1,1\n';
    expect((await read(csv)).ok).toBe(false);
    const r = await read(csv, { timeZone: 'Europe/Athens' });
    expect(r).toMatchObject({ ok: true, timeframe: '1D', firstTime: utc('2024-01-02T00:00:00Z') });
  });
});

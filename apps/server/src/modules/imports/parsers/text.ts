import { UnreadableReportError } from './types.js';

/**
 * The text of an uploaded report. MetaTrader 5 writes its HTML reports in UTF-16LE with a byte-order mark; other
 * files are UTF-8 (with or without one). UTF-16 without a mark is told by its zero bytes.
 */
export function decodeReport(data: Buffer): string {
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return data.subarray(2).toString('utf16le');
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) {
    const swapped = Buffer.from(data.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    return data.subarray(3).toString('utf8');
  }
  const sample = data.subarray(0, Math.min(data.length, 512));
  let oddZeros = 0;
  let evenZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 1) oddZeros++;
      else evenZeros++;
    }
  }
  if (sample.length >= 4 && oddZeros > sample.length / 4 && data.length % 2 === 0) return data.toString('utf16le');
  if (sample.length >= 4 && evenZeros > sample.length / 4 && data.length % 2 === 0) {
    const swapped = Buffer.from(data);
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000')) {
    throw new UnreadableReportError('The file is not text: it holds binary data, not an HTML or CSV report.');
  }
  return text;
}

/** Line number (1-based) of each character offset of a text. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** A header cell as a key: lower case letters and digits only ("S / L" -> "sl", "Open Time" -> "opentime"). */
export function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9#]/g, '');
}

/**
 * Splits a stream of bytes (or text) into lines, one at a time, without holding more than one chunk and one
 * line. Web-standard APIs only (TextDecoder), so the same code runs in Node and in a browser. The encoding is
 * read from the byte-order mark: UTF-8 by default, UTF-16 as MetaTrader writes its "Unicode" exports.
 */

/** The lines completed by one chunk of input: `first` is the number of `texts[0]`; `bytes` read so far. */
export type LineBatch = { texts: string[]; first: number; bytes: number };

export class LineTooLongError extends Error {
  constructor(
    readonly line: number,
    readonly limit: number,
  ) {
    super(`Line ${line} is longer than ${limit} characters.`);
    this.name = 'LineTooLongError';
  }
}

function encodingOf(head: Uint8Array): { encoding: string; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // UTF-16 without a mark: every other byte of ASCII text is zero
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) {
    return { encoding: 'utf-16le', bom: 0 };
  }
  return { encoding: 'utf-8', bom: 0 };
}

/**
 * The lines of `input`, a batch per chunk, with their 1-based numbers and the bytes read so far. A final line
 * without a newline counts too; `\r\n` endings lose their `\r`. A line longer than `maxLineLength` throws
 * LineTooLongError (a binary file, not a CSV).
 */
export async function* readLines(
  input: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  maxLineLength = 4096,
): AsyncGenerator<LineBatch> {
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let pending = '';
  let line = 0;
  let bytes = 0;
  let head: Uint8Array | undefined;

  function split(text: string, final: boolean): LineBatch {
    const batch: LineBatch = { texts: [], first: line + 1, bytes };
    pending += text;
    let start = 0;
    for (;;) {
      const nl = pending.indexOf('\n', start);
      if (nl < 0) break;
      line++;
      const end = nl > start && pending.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      if (end - start > maxLineLength) throw new LineTooLongError(line, maxLineLength);
      batch.texts.push(pending.slice(start, end));
      start = nl + 1;
    }
    pending = pending.slice(start);
    if (pending.length > maxLineLength) throw new LineTooLongError(line + 1, maxLineLength);
    if (final && pending.length > 0) {
      line++;
      batch.texts.push(pending.endsWith('\r') ? pending.slice(0, -1) : pending);
      pending = '';
    }
    return batch;
  }

  for await (const chunk of input) {
    if (typeof chunk === 'string') {
      bytes += chunk.length;
      yield split(line === 0 && pending === '' ? chunk.replace(/^\uFEFF/, '') : chunk, false);
      continue;
    }
    bytes += chunk.byteLength;
    if (!decoder) {
      // The mark may straddle the first chunks: wait for four bytes before choosing.
      head = head ? concat(head, chunk) : chunk;
      if (head.length < 4) continue;
      const { encoding, bom } = encodingOf(head);
      decoder = new TextDecoder(encoding);
      yield split(decoder.decode(head.subarray(bom), { stream: true }), false);
      head = undefined;
      continue;
    }
    yield split(decoder.decode(chunk, { stream: true }), false);
  }
  if (!decoder && head) {
    const { encoding, bom } = encodingOf(head);
    decoder = new TextDecoder(encoding);
    yield split(decoder.decode(head.subarray(bom), { stream: true }), false);
  }
  yield split(decoder ? decoder.decode() : '', true);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

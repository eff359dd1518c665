import { extname } from 'node:path';
import { AI_IMAGE_TYPES } from '@tradedesk/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { Parser } from 'htmlparser2';
import mammoth from 'mammoth';
import { extractText } from 'unpdf';

/** Formats whose text is read; images are read only by OCR (kind scanned). */
export type TextFormat = 'pdf' | 'docx' | 'text' | 'markdown' | 'csv' | 'html';

/** A run of text, with the PDF page it is on. Chunks never cross a section. */
export type TextSection = { text: string; page: number | null };
export type Extracted = { sections: TextSection[]; pages: number | null; title: string | null };

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEXT_TYPES: Record<string, { type: string; format: TextFormat }> = {
  '.txt': { type: 'text/plain', format: 'text' },
  '.text': { type: 'text/plain', format: 'text' },
  '.md': { type: 'text/markdown', format: 'markdown' },
  '.markdown': { type: 'text/markdown', format: 'markdown' },
  '.csv': { type: 'text/csv', format: 'csv' },
};

export type Sniffed =
  | { kind: 'document'; type: string; format: TextFormat }
  | { kind: 'image'; type: (typeof AI_IMAGE_TYPES)[number] };

/**
 * What a file is, read from its bytes where the format has a signature (PDF, DOCX, PNG, JPEG, WebP) and from its
 * name for plain text (TXT, Markdown, CSV), which must then decode as text. Null when it is none of the accepted
 * types: a ZIP that is no Word document, an executable, or text under a name we do not read.
 */
export async function sniffFile(data: Buffer, name: string): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(data);
  if (found) {
    if (found.mime === 'application/pdf') return { kind: 'document', type: found.mime, format: 'pdf' };
    if (found.mime === DOCX_TYPE) return { kind: 'document', type: found.mime, format: 'docx' };
    const image = AI_IMAGE_TYPES.find((t) => t === found.mime);
    if (image) return { kind: 'image', type: image };
    return null;
  }
  const ext = extname(name).toLowerCase();
  const text = ext === '' ? TEXT_TYPES['.txt'] : TEXT_TYPES[ext];
  if (!text || decodeText(data) === null) return null;
  return { kind: 'document', ...text };
}

/**
 * The bytes as text: UTF-8 (a byte-order mark dropped), else Windows-1252 for the older exports that are not
 * UTF-8. Null for binary content (NUL bytes), which no text file holds.
 */
export function decodeText(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** Plain text of a CSV: each row as `column: value` pairs, one paragraph a row, so a passage reads on its own. */
export function csvToText(source: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(source, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true });
  } catch {
    return source;
  }
  const [header, ...body] = rows;
  if (!header) return '';
  if (body.length === 0) return header.join(', ');
  return body
    .map((row) =>
      row
        .map((value, i) => (header[i]?.trim() ? `${header[i]!.trim()}: ${value.trim()}` : value.trim()))
        .filter((cell) => cell !== '')
        .join(', '),
    )
    .join('\n\n');
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'aside', 'form', 'iframe']);
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'hr',
]);

/**
 * The readable text of an HTML page: scripts, styles, navigation and forms left out, block elements as paragraphs
 * (blank-line separated), table cells separated by a tab, and the page's <title>.
 */
export function htmlToText(html: string): { title: string | null; text: string } {
  let skip = 0;
  let inTitle = false;
  let title = '';
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag(tag) {
        if (tag === 'title') inTitle = true;
        else if (SKIPPED.has(tag)) skip++;
        else if (BLOCKS.has(tag)) out.push('\n\n');
        else if (tag === 'td' || tag === 'th') out.push('\t');
      },
      onclosetag(tag) {
        if (tag === 'title') inTitle = false;
        else if (SKIPPED.has(tag)) skip = Math.max(0, skip - 1);
        else if (BLOCKS.has(tag)) out.push('\n\n');
      },
      ontext(text) {
        if (inTitle) title += text;
        else if (skip === 0) out.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  const text = out
    .join('')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t\r\n\f\v\u00a0]+/g, ' ').trim())
    .filter((p) => p !== '')
    .join('\n\n');
  const cleanTitle = title.replace(/\s+/g, ' ').trim();
  return { title: cleanTitle === '' ? null : cleanTitle, text };
}

/** Rejects with the signal's reason once it aborts (extraction libraries take no signal of their own). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Thrown when a file of an accepted type cannot be read (a damaged PDF or Word file). */
export class UnreadableFileError extends Error {}

/** The text of a document, by format. PDFs keep one section per page. */
export async function extractDocument(data: Buffer, format: TextFormat, signal: AbortSignal): Promise<Extracted> {
  switch (format) {
    case 'pdf': {
      let result: { totalPages: number; text: string[] };
      try {
        result = await abortable(extractText(new Uint8Array(data), { mergePages: false }), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new UnreadableFileError('pdf');
      }
      return {
        sections: result.text.map((text, i) => ({ text, page: i + 1 })),
        pages: result.totalPages,
        title: null,
      };
    }
    case 'docx': {
      let value: string;
      try {
        value = (await abortable(mammoth.extractRawText({ buffer: data }), signal)).value;
      } catch (error) {
        if (signal.aborted) throw error;
        throw new UnreadableFileError('docx');
      }
      return { sections: [{ text: value, page: null }], pages: null, title: null };
    }
    case 'html': {
      const { title, text } = htmlToText(decodeText(data) ?? '');
      return { sections: [{ text, page: null }], pages: null, title };
    }
    case 'csv':
      return { sections: [{ text: csvToText(decodeText(data) ?? ''), page: null }], pages: null, title: null };
    default:
      return { sections: [{ text: decodeText(data) ?? '', page: null }], pages: null, title: null };
  }
}

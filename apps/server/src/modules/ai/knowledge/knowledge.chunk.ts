import type { TextSection } from './knowledge.extract.js';

/** `overlap`: characters at the start of `text` repeated from the passage before (0 for the first). */
export type Chunk = { index: number; text: string; page: number | null; overlap: number };
export type ChunkOptions = {
  /** Target passage length in characters (a passage is at most this long). */
  size: number;
  /** Characters of the previous passage repeated at the start of the next, so a sentence cut at a border is found. */
  overlap: number;
};
export const DEFAULT_CHUNKING: ChunkOptions = { size: 800, overlap: 150 };

const isHeading = (p: string) => /^#{1,6}\s/.test(p);

/** Pieces of at most `size` characters: by sentence, then by word, then hard cuts for a run without spaces. */
function splitLong(paragraph: string, size: number): string[] {
  if (paragraph.length <= size) return [paragraph];
  const sentences = paragraph.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [paragraph];
  const words = sentences.flatMap((s) => (s.length <= size ? [s] : s.split(/(?<=\s)/)));
  const out: string[] = [];
  let current = '';
  for (const piece of words.flatMap((w) =>
    w.length <= size ? [w] : (w.match(new RegExp(`.{1,${size}}`, 'gs')) ?? []),
  )) {
    if (current.length + piece.length > size && current.trim() !== '') {
      out.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** The end of a passage to repeat at the start of the next: whole words, at most `overlap` characters. */
function tailOf(text: string, overlap: number): string {
  if (overlap <= 0) return '';
  if (text.length <= overlap) return text;
  const cut = text.slice(text.length - overlap);
  const space = cut.search(/\s/);
  return space === -1 ? '' : cut.slice(space + 1).trim();
}

/**
 * Cuts text into passages for retrieval: paragraphs (blank-line separated) packed greedily up to `size`
 * characters, a paragraph longer than that split by sentence and word, a Markdown heading kept with the paragraph
 * after it, and the last words of each passage repeated at the start of the next (`overlap`). A passage never
 * crosses a section (a PDF page), so each knows its page.
 */
export function chunkSections(sections: readonly TextSection[], options: ChunkOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const paragraphs = section.text
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t]*\n/)
      .map((p) => p.replace(/[ \t]+/g, ' ').trim())
      .filter((p) => p !== '');
    const units = paragraphs.flatMap((p) => splitLong(p, options.size));
    let current: string[] = [];
    let length = 0;
    let carried = '';
    const flush = () => {
      const body = current.join('\n\n');
      if (body.trim() === '') return;
      const text = carried ? `${carried} ${body}` : body;
      chunks.push({ index: chunks.length, text, page: section.page, overlap: carried ? carried.length + 1 : 0 });
      carried = tailOf(body, options.overlap);
      current = [];
      length = 0;
    };
    for (const unit of units) {
      const room = options.size - (carried ? carried.length + 1 : 0);
      if (length > 0 && length + 2 + unit.length > room) {
        // a heading belongs to what follows it: move it to the next passage
        const last = current[current.length - 1];
        const heading = current.length > 1 && last !== undefined && isHeading(last) ? current.pop() : undefined;
        if (heading) length -= heading.length + 2;
        flush();
        if (heading) {
          current.push(heading);
          length = heading.length;
        }
      }
      current.push(unit);
      length += (length > 0 ? 2 : 0) + unit.length;
    }
    flush();
  }
  return chunks;
}

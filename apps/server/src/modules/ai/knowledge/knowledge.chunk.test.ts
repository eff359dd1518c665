import { describe, expect, it } from 'vitest';
import { chunkSections } from './knowledge.chunk.js';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('chunkSections', () => {
  it('keeps short paragraphs together in one passage', () => {
    const chunks = chunkSections([{ text: 'First paragraph.\n\nSecond paragraph.', page: null }]);
    expect(chunks).toEqual([{ index: 0, text: 'First paragraph.\n\nSecond paragraph.', page: null, overlap: 0 }]);
  });

  it('packs paragraphs up to the size, repeating the end of each passage at the start of the next', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i}. ${words(20, `p${i}w`)}.`);
    const chunks = chunkSections([{ text: paragraphs.join('\n\n'), page: null }], { size: 400, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const [i, c] of chunks.entries()) {
      expect(c.index).toBe(i);
      expect(c.text.length).toBeLessThanOrEqual(400 + 60);
      if (i > 0) {
        expect(c.overlap).toBeGreaterThan(0);
        const carried = c.text.slice(0, c.overlap).trim();
        expect(chunks[i - 1]!.text.endsWith(carried)).toBe(true);
      }
    }
    // every paragraph is found whole in some passage, and the passages without their overlap are the text
    for (const p of paragraphs) expect(chunks.some((c) => c.text.includes(p))).toBe(true);
    expect(chunks.map((c) => c.text.slice(c.overlap)).join('\n\n')).toBe(paragraphs.join('\n\n'));
  });

  it('splits a paragraph longer than the size by sentence and word', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something.`).join(' ');
    const chunks = chunkSections([{ text: long, page: null }], { size: 200, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(200);
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
  });

  it('cuts a run without spaces into pieces', () => {
    const chunks = chunkSections([{ text: 'x'.repeat(1000), page: null }], { size: 300, overlap: 0 });
    expect(chunks.map((c) => c.text.length)).toEqual([300, 300, 300, 100]);
  });

  it('moves a Markdown heading to the passage it introduces', () => {
    const text = `${'a'.repeat(150)}\n\n## Scaling out\n\n${'b'.repeat(150)}`;
    const chunks = chunkSections([{ text, page: null }], { size: 200, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual(['a'.repeat(150), `## Scaling out\n\n${'b'.repeat(150)}`]);
  });

  it('never crosses a page: each passage knows its page', () => {
    const chunks = chunkSections(
      [
        { text: 'Page one text.', page: 1 },
        { text: '   ', page: 2 },
        { text: 'Page three text.', page: 3 },
      ],
      { size: 800, overlap: 100 },
    );
    expect(chunks).toEqual([
      { index: 0, text: 'Page one text.', page: 1, overlap: 0 },
      { index: 1, text: 'Page three text.', page: 3, overlap: 0 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  csvToText,
  DOCX_TYPE,
  extractDocument,
  htmlToText,
  sniffFile,
  UnreadableFileError,
} from './knowledge.extract.js';
import { fixture, scannedPng } from './knowledge.test-helpers.js';

const signal = new AbortController().signal;

describe('sniffFile', () => {
  it.each([
    ['sample.pdf', 'report.bin', { kind: 'document', type: 'application/pdf', format: 'pdf' }],
    ['sample.docx', 'notes.docx', { kind: 'document', type: DOCX_TYPE, format: 'docx' }],
    ['sample.md', 'guide.md', { kind: 'document', type: 'text/markdown', format: 'markdown' }],
    ['sample.txt', 'rules.txt', { kind: 'document', type: 'text/plain', format: 'text' }],
    ['sample.csv', 'setups.CSV', { kind: 'document', type: 'text/csv', format: 'csv' }],
    ['sample.txt', 'no-extension', { kind: 'document', type: 'text/plain', format: 'text' }],
  ])('reads %s named %s by its content', async (file, name, expected) => {
    expect(await sniffFile(fixture(file), name)).toEqual(expected);
  });

  it('knows a PNG by its bytes whatever its name', async () => {
    expect(await sniffFile(await scannedPng(['x']), 'scan.txt')).toEqual({ kind: 'image', type: 'image/png' });
  });

  it.each([
    ['text under a name that is no text format', Buffer.from('hello'), 'tool.exe'],
    ['binary bytes named .txt', Buffer.from([0x41, 0x00, 0x42, 0x00]), 'notes.txt'],
    ['a GIF (not an accepted image)', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'],
    [
      'a ZIP that is no Word document',
      Buffer.from('504b0304140000000000000000000000000000000000000000000000', 'hex'),
      'a.docx',
    ],
  ])('refuses %s', async (_what, data, name) => {
    expect(await sniffFile(data, name)).toBeNull();
  });
});

describe('extractDocument', () => {
  it('reads a PDF page by page', async () => {
    const out = await extractDocument(fixture('sample.pdf'), 'pdf', signal);
    expect(out.pages).toBe(2);
    expect(out.sections.map((s) => s.page)).toEqual([1, 2]);
    expect(out.sections[0]?.text).toContain('never risk more than one percent of the balance');
    expect(out.sections[1]?.text).toContain('down four percent from the day start equity');
  });

  it('reads a Word document', async () => {
    const out = await extractDocument(fixture('sample.docx'), 'docx', signal);
    expect(out.sections[0]?.text).toContain('Write a note after every session');
    expect(out.pages).toBeNull();
  });

  it('reads Markdown and text as they are, and a CSV as one paragraph a row', async () => {
    expect((await extractDocument(fixture('sample.md'), 'markdown', signal)).sections[0]?.text).toContain(
      '## Scaling out',
    );
    const csv = await extractDocument(fixture('sample.csv'), 'csv', signal);
    expect(csv.sections[0]?.text.split('\n\n')).toEqual([
      'symbol: EURUSD, setup: London breakout, max_risk_percent: 1',
      'symbol: XAUUSD, setup: News fade, max_risk_percent: 0.5',
      'symbol: NVDA, setup: Earnings drift, max_risk_percent: 0.75',
    ]);
  });

  it('says a damaged PDF cannot be read', async () => {
    await expect(extractDocument(Buffer.from('%PDF-1.4\nnot really'), 'pdf', signal)).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
    await expect(extractDocument(Buffer.from('PK\u0003\u0004broken'), 'docx', signal)).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(extractDocument(fixture('sample.pdf'), 'pdf', controller.signal)).rejects.toThrow('stop');
  });
});

describe('htmlToText', () => {
  it('keeps the readable text, drops scripts, styles and navigation, and takes the title', () => {
    const html =
      '<!doctype html><html><head><title> Risk &amp; rules </title><style>p{color:red}</style></head>' +
      '<body><nav><a href="/">Home</a></nav><h1>Daily loss</h1><p>Stop at <b>4%</b> down.</p>' +
      '<script>alert("x")</script><table><tr><td>EURUSD</td><td>1%</td></tr></table><p>Line<br>break</p></body></html>';
    const out = htmlToText(html);
    expect(out.title).toBe('Risk & rules');
    expect(out.text.split('\n\n')).toEqual(['Daily loss', 'Stop at 4% down.', 'EURUSD 1%', 'Line', 'break']);
    expect(out.text).not.toMatch(/alert|color|Home/);
  });
});

describe('csvToText', () => {
  it('keeps a header-only file as its header', () => {
    expect(csvToText('a,b\n')).toBe('a, b');
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as PImage from 'pureimage';

/** The sample documents under fixtures/ (made by fixtures/make-fixtures.mjs). */
export function fixture(name: string): Buffer {
  return readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name));
}

export type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----tradedesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let fontLoaded = false;

/** A "scanned page": black DejaVu Sans lines on white, encoded as PNG. */
export async function scannedPng(lines: string[], options: { width?: number; size?: number } = {}): Promise<Buffer> {
  if (!fontLoaded) {
    const require = createRequire(import.meta.url);
    const path = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
    PImage.registerFont(path, 'DejaVu Sans').loadSync();
    fontLoaded = true;
  }
  const size = options.size ?? 32;
  const width = options.width ?? 1000;
  const lineHeight = Math.round(size * 2);
  const image = PImage.make(width, lineHeight * (lines.length + 1));
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, lineHeight * (lines.length + 1));
  ctx.fillStyle = '#000000';
  ctx.font = `${size}pt 'DejaVu Sans'`;
  for (const [i, line] of lines.entries()) ctx.fillText(line, 30, lineHeight * (i + 1));
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (d: Buffer) => parts.push(d));
  await PImage.encodePNGToStream(image, out);
  return Buffer.concat(parts);
}

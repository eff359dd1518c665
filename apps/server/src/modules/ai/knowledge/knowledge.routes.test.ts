import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiMedia, AiMediaChunkList, AiMediaPage } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { createTestApp } from '../../../../test/helpers.js';
import { createManualClock } from '../../../platform/clock.js';
import { createAiKnowledge } from './knowledge.module.js';
import type { Ocr } from './knowledge.ocr.js';
import { fixture, multipart, type Part, scannedPng } from './knowledge.test-helpers.js';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const clock = createManualClock(new Date(NOW));
const MAX = 256 * 1024;
let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
let knowledge: ReturnType<typeof createAiKnowledge>;
let pages: Server;
let pagesBase: string;

/** An OCR that never finishes until its signal aborts (the upload time limit). */
const stuckOcr: Ocr = {
  recognize: (_image, signal) =>
    new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  close: async () => {},
};

beforeAll(async () => {
  pages = createServer((req, res) => {
    if (req.url === '/rules') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<title>Desk rules</title><p>No trading during the first five minutes of the session open.</p>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  const t = await createTestApp({ build: { clock, withoutAi: true } });
  app = t.app;
  const ctx = { db: t.database.db, clock, storage: app.ctx.storage };
  knowledge = createAiKnowledge(ctx, {
    settings: { maxBytes: MAX, link: { timeoutMs: 2000, maxBytes: 64 * 1024, allowPrivate: true } },
  });
  await app.register(knowledge.routes, { prefix: '/api' });
  // the same routes with an OCR that hangs and a 50 ms limit, for the timeout answer
  const slow = createAiKnowledge(ctx, { ocr: stuckOcr, settings: { uploadTimeoutMs: 50 } });
  await app.register(slow.routes, { prefix: '/slow/api' });
  app.addHook('onClose', async () => knowledge.close());
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});
afterAll(async () => {
  await new Promise((resolve) => pages.close(resolve));
});

function upload(user: SignedInUser, parts: Part[], url = '/api/ai/media') {
  const body = multipart(parts);
  return app.inject({ method: 'POST', url, headers: { ...user.auth, ...body.headers }, payload: body.payload });
}
const file = (name: string, value: Buffer | string, type = 'application/octet-stream'): Part => ({
  name: 'file',
  filename: name,
  value,
  type,
});
const get = (user: SignedInUser, url: string) => app.inject({ method: 'GET', url, headers: user.auth });

describe('POST /api/ai/media', () => {
  it.each([
    ['sample.pdf', 'handbook.pdf', 'application/pdf', 'never risk more than one percent'],
    [
      'sample.docx',
      'journaling.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Write a note after every session',
    ],
    ['sample.md', 'sizing.md', 'text/markdown', 'Take half off at one times the risk'],
    ['sample.txt', 'equity.txt', 'text/plain', 'Day start equity is the reference'],
    ['sample.csv', 'setups.csv', 'text/csv', 'symbol: XAUUSD, setup: News fade'],
  ])('reads and indexes %s', async (fixtureName, name, type, passage) => {
    const data = fixture(fixtureName);
    const res = await upload(ada, [{ name: 'lastModified', value: '1767225600000' }, file(name, data, 'text/plain')]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<AiMedia>();
    expect(media).toMatchObject({
      name,
      type,
      size: data.length,
      lastModified: 1767225600000,
      kind: 'document',
      fileUrl: `/api/ai/media/${media.id}/file`,
      sourceUrl: null,
      embedded: false,
      createdAt: new Date(NOW).toISOString(),
    });
    expect(media.chunks).toBeGreaterThan(0);
    expect(media.textChars).toBeGreaterThan(0);
    const chunks = (await get(ada, `/api/ai/media/${media.id}/chunks`)).json<AiMediaChunkList>();
    expect(chunks.chunks.map((c) => c.text).join('\n')).toContain(passage);
  });

  it('keeps a PDF’s page count and the page of each passage', async () => {
    const media = (await upload(ada, [file('pages.pdf', fixture('sample.pdf'))])).json<AiMedia>();
    expect(media.pages).toBe(2);
    const chunks = (await get(ada, `/api/ai/media/${media.id}/chunks`)).json<AiMediaChunkList>();
    expect(chunks.chunks.map((c) => c.page)).toEqual([1, 2]);
  });

  it('reads a scanned image by OCR, and keeps a plain image without reading it', async () => {
    const png = await scannedPng(['Risk limit two percent per day']);
    const scanned = await upload(ada, [file('scan.png', png, 'image/png'), { name: 'kind', value: 'scanned' }]);
    expect(scanned.statusCode, scanned.body).toBe(201);
    expect(scanned.json<AiMedia>()).toMatchObject({ kind: 'scanned', type: 'image/png', chunks: 1 });
    const chunks = (await get(ada, `/api/ai/media/${scanned.json<AiMedia>().id}/chunks`)).json<AiMediaChunkList>();
    expect(chunks.chunks[0]?.text).toContain('Risk limit two percent per day');

    const plain = await upload(ada, [file('chart.png', png, 'image/png')]);
    expect(plain.json<AiMedia>()).toMatchObject({ kind: 'image', chunks: 0, textChars: 0 });
  });

  it('takes the time of the upload when lastModified is not sent', async () => {
    const res = await upload(ada, [file('a.txt', 'Some rules.')]);
    expect(res.json<AiMedia>().lastModified).toBe(NOW);
  });

  it.each([
    ['an executable', [file('tool.exe', 'MZ\u0090\u0000binary')], 415, 'AI_MEDIA_TYPE_UNSUPPORTED', 'file'],
    [
      'a GIF',
      [file('a.gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'))],
      415,
      'AI_MEDIA_TYPE_UNSUPPORTED',
      'file',
    ],
    ['an empty file', [file('a.txt', '')], 400, 'AI_MEDIA_UPLOAD_MISSING', 'file'],
    ['no file', [{ name: 'kind', value: 'document' }], 400, 'AI_MEDIA_UPLOAD_MISSING', 'file'],
    ['two files', [file('a.txt', 'a'), file('b.txt', 'b')], 400, 'AI_MEDIA_UPLOAD_MISSING', 'file'],
    [
      'kind scanned for a document',
      [file('a.pdf', fixture('sample.pdf')), { name: 'kind', value: 'scanned' }],
      400,
      'AI_MEDIA_INVALID_FIELD',
      'kind',
    ],
    ['an unknown kind', [file('a.txt', 'a'), { name: 'kind', value: 'video' }], 400, 'AI_MEDIA_INVALID_FIELD', 'kind'],
    [
      'a lastModified that is no time',
      [file('a.txt', 'a'), { name: 'lastModified', value: 'yesterday' }],
      400,
      'AI_MEDIA_INVALID_FIELD',
      'lastModified',
    ],
    [
      'a field an upload does not take',
      [file('a.txt', 'a'), { name: 'folder', value: 'x' }],
      400,
      'AI_MEDIA_INVALID_FIELD',
      'folder',
    ],
    ['a PDF without text', [file('scan.pdf', fixture('blank.pdf'))], 422, 'AI_MEDIA_UNREADABLE', 'file'],
    [
      'a damaged Word file',
      [file('a.docx', fixture('sample.docx').subarray(0, 300))],
      422,
      'AI_MEDIA_UNREADABLE',
      'file',
    ],
  ] as const)('refuses %s', async (_what, parts, status, code, field) => {
    expectFieldError(await upload(ada, [...parts]), { status, code, field });
  });

  it('says which formats it takes', async () => {
    expectFieldError(await upload(ada, [file('tool.exe', 'MZ\u0090\u0000')]), {
      status: 415,
      field: 'file',
      message: 'The file must be one of PDF, DOCX, TXT, Markdown or CSV documents, or PNG, JPEG or WebP images.',
    });
    expectFieldError(await upload(ada, [file('scan.pdf', fixture('blank.pdf'))]), {
      status: 422,
      field: 'file',
      message: 'The PDF holds no text (its pages are pictures): upload the pages as scanned images to read them.',
    });
  });

  it('refuses a file over the limit with 413 naming it', async () => {
    expectFieldError(await upload(ada, [file('big.txt', 'a'.repeat(MAX + 1))]), {
      status: 413,
      code: 'AI_MEDIA_UPLOAD_TOO_LARGE',
      field: 'file',
      message: 'The file must be at most 256 KB.',
    });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ai/media',
      headers: { ...ada.auth, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expectFieldError(res, { status: 400, code: 'AI_MEDIA_UPLOAD_MISSING', field: 'file' });
  });

  it('answers 503 when reading takes longer than the upload limit, and keeps nothing', async () => {
    const before = (await get(ada, '/api/ai/media?kind=scanned&limit=100')).json<AiMediaPage>().total;
    const png = await scannedPng(['slow']);
    const res = await upload(ada, [file('slow.png', png), { name: 'kind', value: 'scanned' }], '/slow/api/ai/media');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'AI_MEDIA_TIMEOUT',
      message: 'Reading the file took longer than 50 ms; send a smaller file.',
    });
    expect((await get(ada, '/api/ai/media?kind=scanned&limit=100')).json<AiMediaPage>().total).toBe(before);
  });

  it('answers over a real connection, as a browser’s FormData sends it', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([fixture('sample.md')], { type: 'text/markdown' }), 'browser.md');
    form.append('lastModified', '1767225600000');
    const res = await fetch(`${address}/api/ai/media`, { method: 'POST', headers: ada.auth, body: form });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'browser.md', kind: 'document', lastModified: 1767225600000 });
  });

  it('asks for a session', async () => {
    const body = multipart([file('a.txt', 'a')]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/ai/media',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/ai/media/links', () => {
  it('reads a web page as knowledge, named by its title, opening at its address', async () => {
    const url = `${pagesBase}/rules`;
    const res = await app.inject({ method: 'POST', url: '/api/ai/media/links', headers: ada.auth, payload: { url } });
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<AiMedia>();
    expect(media).toMatchObject({ kind: 'link', name: 'Desk rules', type: 'text/html', fileUrl: url, sourceUrl: url });
    const chunks = (await get(ada, `/api/ai/media/${media.id}/chunks`)).json<AiMediaChunkList>();
    expect(chunks.chunks[0]?.text).toBe('No trading during the first five minutes of the session open.');
    const bytes = await get(ada, `/api/ai/media/${media.id}/file`);
    expect(bytes.statusCode).toBe(404);
    expect(bytes.json().code).toBe('AI_MEDIA_NO_FILE');
  });

  it.each([
    [{ url: 'ftp://example.test/a' }, 400, 'url must be a web address starting with http:// or https://.'],
    [{ url: '' }, 400, 'url is required.'],
    [{ url: `${'http://a.test/'}missing` }, 422, undefined],
  ])('refuses %j', async (payload, status, message) => {
    const body = payload.url.endsWith('missing') ? { url: `${pagesBase}/missing` } : payload;
    const res = await app.inject({ method: 'POST', url: '/api/ai/media/links', headers: ada.auth, payload: body });
    expectFieldError(res, { status, field: 'url', ...(message ? { message } : {}) });
  });
});

describe('the library', () => {
  let own: AiMedia;
  beforeAll(async () => {
    own = (await upload(ada, [file('ada-private.txt', 'Ada keeps her stops at 15 pips.')])).json<AiMedia>();
  });

  it('lists newest first, page 1 with 10 a page by default, by kind and by name', async () => {
    const all = (await get(ada, '/api/ai/media')).json<AiMediaPage>();
    expect(all.page).toBe(1);
    expect(all.limit).toBe(10);
    expect(all.items.length).toBe(Math.min(10, all.total));
    const scanned = (await get(ada, '/api/ai/media?kind=scanned')).json<AiMediaPage>();
    expect(scanned.items.map((m) => m.kind)).toEqual(scanned.items.map(() => 'scanned'));
    expect(scanned.total).toBe(1);
    const named = (await get(ada, '/api/ai/media?search=ada-priv')).json<AiMediaPage>();
    expect(named.items.map((m) => m.id)).toEqual([own.id]);
    const second = (await get(ada, '/api/ai/media?page=2&limit=3')).json<AiMediaPage>();
    const first = (await get(ada, '/api/ai/media?page=1&limit=3')).json<AiMediaPage>();
    expect(second.items.map((m) => m.id)).not.toContain(first.items[0]!.id);
  });

  it('refuses a bad list query with a sentence naming the field', async () => {
    expectFieldError(await get(ada, '/api/ai/media?kind=video'), { field: 'kind' });
    expectFieldError(await get(ada, '/api/ai/media?limit=500'), {
      field: 'limit',
      message: 'limit must be a whole number from 1 to 100.',
    });
  });

  it('serves the file to its owner with its type', async () => {
    const res = await get(ada, `/api/ai/media/${own.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('inline; filename="ada-private.txt"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('Ada keeps her stops at 15 pips.');
    expect((await get(ada, `/api/ai/media/${own.id}`)).json<AiMedia>()).toEqual(own);
  });

  it('never shows another user’s file: 404 for every call, and it stays', async () => {
    for (const url of [`/api/ai/media/${own.id}`, `/api/ai/media/${own.id}/file`, `/api/ai/media/${own.id}/chunks`]) {
      const res = await get(bob, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'AI_MEDIA_NOT_FOUND', message: 'No media file of yours has this id.' });
    }
    const del = await app.inject({ method: 'DELETE', url: `/api/ai/media/${own.id}`, headers: bob.auth });
    expect(del.statusCode).toBe(404);
    expect((await get(bob, '/api/ai/media')).json<AiMediaPage>().total).toBe(0);
    expect((await get(ada, `/api/ai/media/${own.id}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is no UUID', async () => {
    expectFieldError(await get(ada, '/api/ai/media/not-an-id'), { field: 'id' });
  });

  it('deletes a file with its bytes and passages, and retrieval no longer finds it', async () => {
    const doomed = (await upload(ada, [file('doomed.txt', 'Zebra crossing strategy.')])).json<AiMedia>();
    const scope = { folderId: null, agentId: null, mediaIds: [] };
    expect((await knowledge.search.search(ada.userId, scope, 'zebra', 5)).map((h) => h.mediaId)).toEqual([doomed.id]);
    const del = await app.inject({ method: 'DELETE', url: `/api/ai/media/${doomed.id}`, headers: ada.auth });
    expect(del.json()).toEqual({ ok: true });
    expect((await get(ada, `/api/ai/media/${doomed.id}`)).statusCode).toBe(404);
    expect((await get(ada, `/api/ai/media/${doomed.id}/file`)).statusCode).toBe(404);
    expect(await knowledge.search.search(ada.userId, scope, 'zebra', 5)).toEqual([]);
  });
});

describe('GET and POST /api/ai/media/embeddings', () => {
  it('reports the caller’s files against the model; without embeddings there is nothing to re-embed', async () => {
    const carol = await signUpAndLogin(app);
    expect((await upload(carol, [file('notes.md', '# Notes\n\nClose before the weekend.')])).statusCode).toBe(201);
    const status = await get(carol, '/api/ai/media/embeddings');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({ model: null, files: 1, current: 0, stale: 0 });
    const run = await app.inject({ method: 'POST', url: '/api/ai/media/embeddings', headers: carol.auth });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ model: null, files: 1, current: 0, stale: 0, reembedded: 0, failed: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/ai/media/embeddings' })).statusCode).toBe(401);
  });
});

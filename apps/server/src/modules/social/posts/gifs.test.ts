import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpGifProvider, drawOwnGif } from './gifs.js';

let server: Server;
let base = '';
const seen: string[] = [];
const item = (id: string) => ({
  id,
  title: `gif ${id}`,
  images: {
    original: { url: `https://media.example/${id}.gif`, width: '200', height: '150' },
    fixed_width_small: { url: `https://media.example/${id}-s.gif` },
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    res.setHeader('content-type', 'application/json');
    if (url.searchParams.get('api_key') !== 'k1') return res.writeHead(403).end('{}');
    if (url.pathname === '/v1/gifs/search') return res.end(JSON.stringify({ data: [item('a'), { id: 'bad' }] }));
    if (url.pathname === '/v1/gifs/trending') return res.end(JSON.stringify({ data: [item('t')] }));
    if (url.pathname === '/v1/gifs/a') return res.end(JSON.stringify({ data: item('a') }));
    return res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/gifs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Giphy-style GIF provider adapter', () => {
  it('searches, lists trending and finds by id, with the key; drops items without an https image', async () => {
    const gifs = createHttpGifProvider({ url: base, key: 'k1' });
    expect(await gifs.search('bull')).toEqual([
      {
        id: 'a',
        provider: 'giphy',
        title: 'gif a',
        url: 'https://media.example/a.gif',
        previewUrl: 'https://media.example/a-s.gif',
        width: 200,
        height: 150,
      },
    ]);
    expect(seen.some((s) => s.startsWith('/v1/gifs/search?') && s.includes('q=bull'))).toBe(true);
    expect((await gifs.favorites()).map((g) => g.id)).toEqual(['t']);
    expect((await gifs.find('a'))?.id).toBe('a');
    expect(await gifs.find('zzz')).toBeNull();
  });

  it('a refused key or an unreachable provider is a 503 with a sentence', async () => {
    await expect(createHttpGifProvider({ url: base, key: 'wrong' }).search('x')).rejects.toMatchObject({
      code: 'POST_GIF_UNAVAILABLE',
    });
    await expect(
      createHttpGifProvider({ url: 'http://127.0.0.1:1/none', key: 'k1', timeoutMs: 500 }).favorites(),
    ).rejects.toMatchObject({ code: 'POST_GIF_UNAVAILABLE' });
  });
});

describe('"Our favorites"', () => {
  it('are animated GIFs the project draws', async () => {
    const data = await drawOwnGif((x, _y, f) => (x > f * 10 ? [0, 0, 0] : [255, 255, 255]));
    const meta = await sharp(data, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(8);
  });
});

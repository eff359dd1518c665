import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from './knowledge.extract.js';
import { fetchLink, LinkError, type LinkFetchOptions } from './knowledge.links.js';
import { fixture } from './knowledge.test-helpers.js';

let server: Server;
let base: string;
const stalled = new Set<ServerResponse>();

const routes: Record<string, (res: ServerResponse) => void> = {
  '/guide': (res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT',
    });
    res.end('<html><head><title>Guide</title></head><body><p>Risk one percent.</p></body></html>');
  },
  '/moved': (res) => {
    res.writeHead(302, { location: '/guide' });
    res.end();
  },
  '/loop': (res) => {
    res.writeHead(301, { location: '/loop' });
    res.end();
  },
  '/missing': (res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('not here');
  },
  '/big': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('x'.repeat(5000));
  },
  '/big-chunked': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
    for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
    res.end();
  },
  '/image': (res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50]));
  },
  '/doc.pdf': (res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(fixture('sample.pdf'));
  },
  '/slow': (res) => {
    stalled.add(res); // never answers
  },
  '/to-ftp': (res) => {
    res.writeHead(302, { location: 'ftp://example.test/file' });
    res.end();
  },
};

beforeAll(async () => {
  server = createServer((req, res) => (routes[req.url ?? ''] ?? routes['/missing']!)(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of stalled) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options: LinkFetchOptions = { timeoutMs: 1000, maxBytes: 4096, allowPrivate: true };

async function failure(url: string, opts: LinkFetchOptions = options): Promise<LinkError> {
  const error = await fetchLink(url, opts).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LinkError);
  return error as LinkError;
}

describe('fetchLink', () => {
  it('reads a page with its type, address and Last-Modified time', async () => {
    const page = await fetchLink(`${base}/guide`, options);
    expect(page).toMatchObject({ url: `${base}/guide`, type: 'text/html', format: 'html' });
    expect(page.lastModified).toBe(Date.parse('2026-03-03T10:00:00Z'));
    expect(page.data.toString()).toContain('Risk one percent.');
  });

  it('follows a redirect and answers the final address', async () => {
    expect((await fetchLink(`${base}/moved`, options)).url).toBe(`${base}/guide`);
  });

  it('reads a PDF at an address as a document', async () => {
    const page = await fetchLink(`${base}/doc.pdf`, options);
    expect(page.format).toBe('pdf');
    const text = await extractDocument(page.data, page.format, new AbortController().signal);
    expect(text.pages).toBe(2);
  });

  it.each([
    ['/missing', 'failed', 'The address answered HTTP 404 instead of a page.'],
    ['/loop', 'failed', 'The address redirects too many times.'],
    ['/big', 'failed', 'The page is larger than 4 KB, the most a link reads.'],
    ['/big-chunked', 'failed', 'The page is larger than 4 KB, the most a link reads.'],
    ['/image', 'failed', 'The address answers image/png, which is not a web page or a document that can be read.'],
    ['/to-ftp', 'refused', 'Only http:// and https:// addresses can be read.'],
  ])('%s: %s with a sentence saying why', async (path, reason, message) => {
    const error = await failure(`${base}${path}`);
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  it('gives up on an address that does not answer within the time limit', async () => {
    const error = await failure(`${base}/slow`, { ...options, timeoutMs: 100 });
    expect(error.message).toBe('The address did not answer within 100 ms.');
  });

  it('refuses loopback and private addresses unless the operator allows them', async () => {
    const strict = { ...options, allowPrivate: false };
    expect((await failure(`${base}/guide`, strict)).reason).toBe('refused');
    expect((await failure('http://10.1.2.3/', strict)).message).toBe(
      'This address is on a private network, which links may not reach.',
    );
    expect((await failure('http://[::1]:9/', strict)).reason).toBe('refused');
    // a name that resolves to loopback is refused at connection time
    expect((await failure(`http://localhost:${new URL(base).port}/guide`, strict)).reason).toBe('refused');
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { makeTestDir } from '../../test/temp.js';
import { loadWebApp } from './web-static.js';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const placeholder = 'tradedesk-csp-nonce';

/** A build shaped as Vite writes it (index.html with the nonce placeholder, manifest, first-pages table). */
function writeBuild(): string {
  const dir = makeTestDir('web-dist');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    // As big as the real one (over the 1 KB from which answers are compressed).
    `<!doctype html><html><head><title>TradeDesk</title><meta name="description" content="${'TradeDesk '.repeat(80)}">
    <meta property="csp-nonce" nonce="${placeholder}">
    <script type="module" crossorigin src="/assets/index-e1.js" nonce="${placeholder}"></script>
  </head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-r1.js' },
    '_ui.js': { file: 'assets/ui-u1.js', imports: ['_react.js'] },
    'src/auth-layout.tsx': { file: 'assets/auth-layout-a1.js', isDynamicEntry: true, imports: ['_ui.js'] },
    'src/sign-in-page.tsx': { file: 'assets/sign-in-page-s1.js', isDynamicEntry: true, imports: ['_ui.js'] },
    'src/app-shell.tsx': { file: 'assets/app-shell-h1.js', isDynamicEntry: true, imports: ['_ui.js'] },
    'src/home-page.tsx': { file: 'assets/home-page-p1.js', isDynamicEntry: true },
    'src/settings-page.tsx': { file: 'assets/settings-page-t1.js', isDynamicEntry: true },
    'src/not-found-page.tsx': { file: 'assets/not-found-page-n1.js', isDynamicEntry: true },
  };
  const pages = {
    signInPage: 'sign-in',
    pages: [
      {
        name: 'sign-in',
        paths: ['/sign-in'],
        access: 'public',
        modules: ['src/auth-layout.tsx', 'src/sign-in-page.tsx'],
      },
      { name: 'home', paths: ['/'], access: 'signedIn', modules: ['src/app-shell.tsx', 'src/home-page.tsx'] },
      {
        name: 'settings',
        paths: ['/settings', '/settings/:page'],
        access: 'signedIn',
        modules: ['src/app-shell.tsx', 'src/settings-page.tsx'],
      },
      { name: 'not-found', paths: ['*'], access: 'signedIn', modules: ['src/app-shell.tsx', 'src/not-found-page.tsx'] },
    ],
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, '.vite', 'pages.json'), JSON.stringify(pages));
  return dir;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

beforeAll(async () => {
  dist = writeBuild();
  t = await createTestApp({ config: { webDist: dist } });
});

describe('the web app on the same origin as /api', () => {
  it('serves index.html at / and never lets it be cached (its nonce is one response’s)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers any app route with index.html so the client router takes over', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings/security?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('compresses the page on every address for a browser that accepts it', async () => {
    for (const url of ['/', '/settings/security']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it('never sends the template itself: /index.html is filled in like any page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain(placeholder);
    expect(res.body).toContain('<meta property="csp-nonce" nonce="');
  });

  it('puts a fresh nonce in each page, the same one its Content-Security-Policy allows for styles', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/sign-in' });
      expect(res.body).not.toContain(placeholder);
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(res.body).toContain(`src="/assets/index-e1.js" nonce="${nonce}"`);
      expect(String(res.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends hashed assets pre-compressed and cacheable for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliCompressSync(script).equals(res.rawPayload)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.body).toBe(script);
  });
});

describe('route chunks preloaded in index.html', () => {
  it('preloads the sign-in page for a signed-out visitor, whatever the address, and never the shell', async () => {
    for (const url of ['/sign-in', '/', '/settings/security', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(modulePreloads(res.body), url).toEqual([
        '/assets/auth-layout-a1.js',
        '/assets/ui-u1.js',
        '/assets/sign-in-page-s1.js',
      ]);
    }
  });

  it('preloads the signed-in page of the address when the signed_in cookie says there is a session', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, cookies: { signed_in: '1' } });
    expect(modulePreloads((await get('/')).body)).toEqual([
      '/assets/app-shell-h1.js',
      '/assets/ui-u1.js',
      '/assets/home-page-p1.js',
    ]);
    expect(modulePreloads((await get('/settings/security/')).body)).toContain('/assets/settings-page-t1.js');
    expect(modulePreloads((await get('/settings/a/b')).body)).toContain('/assets/not-found-page-n1.js');
  });

  it('leaves out what index.html loads already (the entry chunk and its imports)', () => {
    const html = loadWebApp(dist).html('/sign-in', false, 'n');
    expect(modulePreloads(html)).not.toContain('/assets/react-r1.js');
    expect(modulePreloads(html)).not.toContain('/assets/index-e1.js');
  });

  it('refuses to start on a build without the nonce placeholder, naming the fix', () => {
    const dir = makeTestDir('old-build');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    expect(() => loadWebApp(dir)).toThrow(/no CSP nonce placeholder: build it with npm run build/);
  });
});

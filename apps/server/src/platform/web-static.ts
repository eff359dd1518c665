import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { authCookieNames } from '@tradedesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspNonceOf } from './security-headers.js';

/** The built web app: WEB_DIST, or apps/web/dist found from the sources or from the server bundle. */
export function resolveWebDist(configured: string | undefined): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '../../web/dist'), join(here, '../../../web/dist')];
  return candidates.find((c) => existsSync(join(c, 'index.html')));
}

/** The web app's first-pages table (apps/web/src/app/first-pages.ts, written by its build to `.vite/pages.json`). */
type FirstPage = { name: string; paths: string[]; access: 'public' | 'signedIn'; modules: string[] };
type FirstPages = { signInPage: string; pages: FirstPage[] };
type ManifestChunk = { file: string; imports?: string[] };

/** One page of the web app as the server sends it: index.html with this response's nonce and preloads. */
export type WebApp = {
  root: string;
  /** The first page of a visit to `pathname` (the name of the first-pages table), signed in or not. */
  pageFor(pathname: string, signedIn: boolean): string;
  html(pathname: string, signedIn: boolean, nonce: string): string;
};

function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

function readBuildFile(root: string, file: string): string {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    throw new Error(`The web app in ${root} has no ${file}: build it with npm run build.`);
  }
}

/**
 * Reads the build once: index.html (whose Vite `cspNonce` placeholder takes each response's nonce), the Vite
 * manifest and the first-pages table, from which each page's route chunks are preloaded. A signed-out
 * visitor (no `signed_in` cookie, the rule the web app follows) of the signed-in area gets the sign-in page's
 * chunks, never the shell's.
 */
export function loadWebApp(root: string): WebApp {
  const template = readBuildFile(root, 'index.html');
  const placeholder = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(template)?.[1];
  if (!placeholder)
    throw new Error(`The web app in ${root} has no CSP nonce placeholder: build it with npm run build.`);
  const manifest = JSON.parse(readBuildFile(root, '.vite/manifest.json')) as Record<string, ManifestChunk>;
  const { signInPage, pages } = JSON.parse(readBuildFile(root, '.vite/pages.json')) as FirstPages;

  const closure = (keys: string[], known: Set<string>): string[] => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The web app's pages.json names ${key}, which is not in its manifest: rebuild it.`);
      if (files.has(chunk.file) || known.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...files];
  };
  // index.html loads the entry chunk and its imports already.
  const entry = new Set(closure(['index.html'], new Set()));
  const preloadTags = new Map(
    pages.map((page) => [
      page.name,
      closure(page.modules, entry)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    '),
    ]),
  );
  if (!preloadTags.has(signInPage)) throw new Error(`The web app's pages.json has no ${signInPage} page.`);

  const pageFor = (pathname: string, signedIn: boolean): string => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = pages.find((p) => p.paths.some((pattern) => pathMatches(pattern, path)));
    if (!page) return signInPage;
    return page.access === 'signedIn' && !signedIn ? signInPage : page.name;
  };

  return {
    root,
    pageFor,
    html(pathname, signedIn, nonce) {
      const preloads = preloadTags.get(pageFor(pathname, signedIn)) ?? '';
      return template.replaceAll(placeholder, nonce).replace('</head>', `  ${preloads}\n  </head>`);
    },
  };
}

/** Answers with the app's index.html for this request's address: never cached, its nonce is this response's. */
function sendIndexHtml(webApp: WebApp, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  const signedIn = Boolean(request.cookies[authCookieNames.signedIn]);
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(webApp.html(pathname, signedIn, cspNonceOf(reply)));
}

/**
 * Serves the single-page app on the same origin as /api: the build's files as they are (hashed assets
 * pre-compressed and cached for a year), and index.html, filled in, for every other non-API GET so the
 * client router takes over. An unknown /api path stays the JSON 404 of the not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, webApp: WebApp) {
  await app.register(fastifyStatic, {
    root: webApp.root,
    wildcard: false,
    // index.html is a template, sent only filled in (below), never as a file
    globIgnore: ['index.html'],
    index: false,
    // the build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs)
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // A route rather than the not-found handler, so the page gets everything routes get (compression above all).
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (!wantsSpa(request.method, request.url)) return reply.callNotFound();
    return sendIndexHtml(webApp, request, reply);
  });
}

/** True when a request should be answered with the SPA's index.html. */
export function wantsSpa(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
}

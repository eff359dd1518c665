import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app: WEB_DIST, or apps/web/dist found from the sources or from the server bundle. */
export function resolveWebDist(configured: string | undefined): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '../../web/dist'), join(here, '../../../web/dist')];
  return candidates.find((c) => existsSync(join(c, 'index.html')));
}

/** Serves the single-page app on the same origin as /api; unknown non-API GETs get index.html. */
export async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // the build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs)
    preCompressed: true,
    cacheControl: false,
    index: ['index.html'],
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** True when a request should be answered with the SPA's index.html. */
export function wantsSpa(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
}

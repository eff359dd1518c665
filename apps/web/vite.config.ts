import { execFileSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { firstPages, signInPage } from './src/app/first-pages.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * The API refuses cookie requests whose Origin is not PUBLIC_URL's (cross-site request guard). Through this
 * proxy the page's origin is the dev server's, so the Origin header is dropped: the API then decides by
 * Sec-Fetch-Site, which the browser sets relative to this page (same-origin here, cross-site for a forged one).
 */
const dropOrigin: ProxyOptions['configure'] = (proxy) => {
  proxy.on('proxyReq', (proxyReq) => proxyReq.removeHeader('origin'));
  proxy.on('proxyReqWs', (proxyReq) => proxyReq.removeHeader('origin'));
};

/**
 * Stands in index.html for the per-response CSP nonce: Vite puts it on the page's script and link tags and
 * in `<meta property="csp-nonce">`; the server replaces it with a fresh nonce on every response.
 */
const CSP_NONCE_PLACEHOLDER = 'tradedesk-csp-nonce';

/**
 * The build's extras for the server and the budget check: the first-pages table beside the manifest, and a
 * preload of the Inter file the first paint needs (regular weight, Latin), which the browser would otherwise
 * find only after the stylesheet arrives.
 */
function firstPagesPlugin(): Plugin {
  return {
    name: 'tradedesk-first-pages',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/pages.json',
        source: `${JSON.stringify({ signInPage, pages: firstPages }, null, 2)}\n`,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /inter-latin-400-normal-[\w-]+\.woff2$/.test(file));
        if (!font) throw new Error('the Inter regular Latin woff2 file is not in the build: nothing to preload');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The version a bug report names: VITE_APP_VERSION when the build is given one (a release tag), else the day of
 * the build and the commit it was built from ("2026-11-24 05c4058"), else nothing (the app then says which mode
 * it was built in).
 */
function appVersion(): string | undefined {
  if (process.env.VITE_APP_VERSION) return process.env.VITE_APP_VERSION;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return `${new Date().toISOString().slice(0, 10)} ${commit}`;
  } catch {
    return undefined;
  }
}

export default defineConfig(({ command }) => {
  // The build is always a production build: with NODE_ENV=development in the environment (as `npm start`
  // may run), Vite would otherwise bundle React's development build (about 85 KB gzipped more on sign-in).
  // Vite reads NODE_ENV after loading this file, as its own warning advises.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), firstPagesPlugin()],
    define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion() ?? '') },
    ...(command === 'build' ? { mode: 'production' } : {}),
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    build: {
      // Every browser the app supports (Vite's default targets: Chrome 107+, Firefox 104+, Safari 16+) preloads
      // modules itself; the polyfill was 0.5 KB of every page's entry chunk.
      modulePreload: { polyfill: false },
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // The entry chunk lists every lazily loaded file for its preloads, so each file name costs every page:
          // 7 hash characters instead of 8 (the fewest the bundler accepts for this many chunks).
          chunkFileNames: 'assets/[name]-[hash:7].js',
          // Left to itself the bundler cuts the sign-in page's code into ~20 files of a few hundred bytes; each
          // is compressed on its own and costs a request. Two groups (measured: 172 -> 164 KB gzipped):
          // - everything the entry needs statically is one chunk (only modules it loads anyway);
          // - the MUI components of the signed-out pages, which nearly every page uses too, are another.
          // `npm run size` fails when a page or a lazy area goes over its budget (budgets.json).
          codeSplitting: {
            groups: [
              { name: 'initial', tags: ['$initial'], priority: 2 },
              {
                name: 'ui',
                test: /[\\/]@mui[\\/]material[\\/](Box|Button|FormControl|FormHelperText|InputLabel|Link|OutlinedInput|Paper|Typography)[\\/]/,
                priority: 1,
              },
              // The small form and alert helpers of the signed-out pages (a few hundred bytes each), which the
              // signed-in pages use as well: one file instead of five (measured: 0.4 KB gzipped less on sign-in).
              {
                name: 'forms',
                test: /[\\/]src[\\/]shared[\\/](forms[\\/](form-text-field|server-errors|use-form-alert)|states[\\/]inline-alert|a11y[\\/]skip-link)\./,
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      // `/api/ws` must be listed before `/api`: the first matching prefix wins and only it upgrades WebSockets.
      proxy: {
        '/api/ws': { target: apiTarget, ws: true, changeOrigin: true, configure: dropOrigin },
        '/api': { target: apiTarget, changeOrigin: true, configure: dropOrigin },
      },
    },
  };
});

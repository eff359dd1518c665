import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Left to itself the bundler cuts the sign-in page's code into ~20 files of a few hundred bytes; each
        // is compressed on its own and costs a request. Two groups (measured: 172 -> 164 KB gzipped):
        // - everything the entry needs statically is one chunk (only modules it loads anyway);
        // - the MUI components of the signed-out pages, which nearly every page uses too, are another.
        // `npm run size` fails when the sign-in page goes over budget.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'ui',
              test: /[\\/]@mui[\\/]material[\\/](Box|Button|FormControl|FormHelperText|InputLabel|Link|OutlinedInput|Paper|Typography)[\\/]/,
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
      '/api/ws': { target: apiTarget, ws: true, changeOrigin: true },
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});

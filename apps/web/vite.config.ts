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
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'], priority: 2 }, { name: 'ui', test: /[\\/]@mui[\\/]/, minShareCount: 6 }] } },
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

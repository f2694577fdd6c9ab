import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API listens on :3000 in development; in production it serves this build itself.
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';
const CONTRACTS_SRC = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/**
 * The contracts' modules only declare schemas, routes and texts: nothing runs on
 * import. Rollup cannot know that a top-level `z.object(...)` call is harmless,
 * so without this every contracts module reachable from `index.ts` (all of them)
 * lands in the entry chunk; with it, a chunk carries only what it uses.
 */
const contractsWithoutSideEffects: Plugin = {
  name: 'gestar-contracts-without-side-effects',
  transform(code, id) {
    if (!id.startsWith(CONTRACTS_SRC)) return null;
    return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * The installable app (issue 18): the manifest, and src/sw.ts built with the list of files to
 * precache (every built script, style, font and icon: each lazy screen opens offline too).
 * The page registers the worker itself and asks before switching to a new version.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Gestar · Administrador de tareas',
    short_name: 'Gestar',
    description: 'Tareas del taller: tablero, listas de verificación, fotos y avisos.',
    lang: 'es',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1c7ed6',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  // The icons are in the glob already.
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The rich-text editor and the charts are the largest chunks; nothing near this.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), contractsWithoutSideEffects, pwa],
  resolve: {
    // The contracts' dist is CommonJS (for the API). The browser bundle takes the
    // TypeScript source instead: ES modules tree-shake, share the one ESM zod with
    // this app, and a contracts change shows up in dev without a rebuild.
    alias: { '@gestar/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Keep the big, rarely changing libraries in their own cacheable chunks.
        // Not Mantine: one 'mantine' chunk held every component any lazy route uses
        // (dates, charts, rich text) and was preloaded by the login page (docs/PERFORMANCE.md).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/].*@tanstack/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});

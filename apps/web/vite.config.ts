import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), contractsWithoutSideEffects],
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

/**
 * Unit tests of the web's pure logic (issue 32): Vitest on this app's own Vite config (the
 * contracts' alias, the plugins), over `src/**\/*.test.ts` only; the browser tests are e2e/'s,
 * run by Playwright. Tests that need a browser's storage say `@vitest-environment happy-dom`.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The company's time zone, as the browser tests use: dates show as a person there sees them.
process.env.TZ = 'America/Argentina/Buenos_Aires';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'node',
      restoreMocks: true,
    },
  }),
);

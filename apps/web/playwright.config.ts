import { defineConfig, devices } from '@playwright/test';

/** The machine's Chromium, never a downloaded browser build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// One folder per run (the runner and its workers share the variable), so two
// runs at once in this checkout do not delete each other's traces.
process.env.E2E_RUN_ID ??= String(process.pid);

export default defineConfig({
  testDir: './e2e',
  // Only the browser specs: the unit tests (src/**/*.test.ts) are Vitest's.
  testMatch: '**/*.spec.ts',
  outputDir: `./e2e/.artifacts/test-results/${process.env.E2E_RUN_ID}`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // npm test also asks for the JSON report (its summary line counts the browser tests).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  // Generous: several engineers share a 2-core machine; an idle one runs each test in seconds.
  timeout: 60_000,
  // A screen's first visit loads and compiles its chunk; with two browsers, the API and PostgreSQL on two busy
  // cores that alone has taken over 7 s. A passing check returns as soon as it holds.
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    ...devices['Desktop Chrome'],
    browserName: 'chromium',
    // Written by global-setup.ts; workers start after it and inherit the variable.
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The app's service worker answers navigations from its precache, where `page.route` cannot
    // see them: only the offline tests (e2e/offline.spec.ts) let it run.
    serviceWorkers: 'block',
  },
});

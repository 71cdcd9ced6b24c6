import { defineConfig } from '@playwright/test';

const port = Number(process.env.VIGIL_E2E_PORT ?? 8199);
export const baseURL = `http://127.0.0.1:${port}`;

/** Real server, real database (embedded, on a temporary data directory), Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: '../node_modules/.bin/tsx ../apps/server/src/cli.ts serve',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.VIGIL_E2E_DATA_DIR ?? '/tmp/vigil-e2e-manual',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // A console built elsewhere (apps/console/dist when unset).
      ...(process.env.CONSOLE_DIR ? { CONSOLE_DIR: process.env.CONSOLE_DIR } : {}),
    },
  },
});

// Debian's Chromium as the benches drive it (playwright-core): its flags, and the console signed in
// through its login screen. Used by bench/floor-map-paint.bench.ts and bench/reports.bench.ts.
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed';

export const BENCH_USER = 'admin@demo.example';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The open alerts sound the alarm: no "audio blocked" dialog over the screen.
  '--autoplay-policy=no-user-gesture-required',
];

/** Chromium at CHROMIUM_PATH, else /usr/bin/chromium, with CHROMIUM_ARGS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** The login screen as the demo admin (or `user`), until the console lands on /alerts. */
export async function signIn(page: Page, base: string, user = BENCH_USER) {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(user);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/alerts/);
}

/** The console's sidebar. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

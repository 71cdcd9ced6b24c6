import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures';

// Issue 18's journeys on the demo organisation's seeded history (apps/server/src/db/seed-history.ts):
// 30 badges c0ffee200001…c0ffee20001e last heard 2 h, 1.5 d, 3 d, 9 d, 16 d or 40 d before the seed
// (cycled), over ten areas of North Tower (five on Floor 1, five on Floor 2); every third one flagged
// for collection — six Overdue (urgency 0, or urgency 1 flagged 75 days ago) and two '1 - 2 months
// (ASAP)' (urgency 1, 20 days ago); and four months of closed alerts (seedDemoHistory).

/** Picks a zone in a filter bar's zone picker: Main Campus opened from the keyboard, then `name`. */
async function pickZone(page: Page, name: string) {
  await page.getByRole('button', { name: 'Zone' }).click();
  const tree = page.getByRole('tree', { name: 'Zone' });
  const campus = tree.getByRole('treeitem', { name: 'Main Campus', exact: true });
  await campus.focus();
  await page.keyboard.press('ArrowRight');
  await expect(campus).toHaveAttribute('aria-expanded', 'true');
  await tree.getByText(name, { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Zone' })).toHaveText(name);
}

/** Chooses one of SPEC §9's presets in the date range picker. */
async function pickPreset(page: Page, preset: string) {
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: preset, exact: true }).click();
}

test('Missing Tags: a building over the last week, its CSV, and a floor’s details', async ({ page }) => {
  await signIn(page, 'admin@demo.example');
  await page.getByRole('navigation').getByRole('link', { name: 'Missing Tags' }).click();
  await expect(page.getByRole('heading', { name: 'Missing Tags', level: 1 })).toBeVisible();

  await pickZone(page, 'North Tower');
  await pickPreset(page, 'Last 7 days');
  // Heard 1.5 and 3 days ago, not since: ten badges, five a floor.
  const counts = page.getByRole('table', { name: 'Missing tags by location' });
  await expect(counts.getByRole('link', { name: '5 missing tags in Floor 1' })).toBeVisible();
  await expect(counts.getByRole('link', { name: '5 missing tags in Floor 2' })).toBeVisible();
  await expectAccessible(page);

  // The CSV of the same rows, its dates in Central time.
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Central' }).click();
  const file = await (await download).path();
  const lines = fs.readFileSync(file!, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(11);
  const ids = lines.slice(1).map((line) => line.split(',')[0]);
  expect(
    ids.every((id) => /^c0ffee2000[0-9a-f]{2}$/.test(id!)),
    lines.join('\n'),
  ).toBe(true);

  await counts.getByRole('link', { name: '5 missing tags in Floor 2' }).click();
  await expect(page).toHaveURL(/\/reports\/tags-not-seen\/details\?/);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^c0ffee2000/ }) });
  await expect(rows).toHaveCount(5);
  await expectAccessible(page);
});

test('Tag Replacement Timeline: a count opens the tags it counts', async ({ page }) => {
  await signIn(page, 'admin@demo.example');
  await page.getByRole('navigation').getByRole('link', { name: 'Tag Replacement Timeline' }).click();
  await expect(page.getByRole('heading', { name: 'Tag Replacement Timeline', level: 1 })).toBeVisible();
  // The last 100 days, as a bookmarked link would open it (a preset such as This Year would miss the
  // flag of 75 days ago in the first weeks of a year).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/reports/tags-replacement?start=${day(100)}&end=${day(0)}`);
  const table = page.getByRole('table', { name: 'Tags to replace by location' });
  const overdue = table.getByRole('link', { name: '6 tags Overdue in Demo Hospital' });
  await expect(overdue).toBeVisible();
  await expect(
    table.getByRole('link', { name: '2 tags 1 - 2 months (ASAP) in Demo Hospital' }),
  ).toBeVisible();
  await expectAccessible(page);

  await overdue.click();
  await expect(page).toHaveURL(/\/reports\/tags-replacement\/details\?.*timeline=overdue/);
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^c0ffee2000/ }) });
  await expect(rows).toHaveCount(6);
});

test('Response Times: the chart, and the slowest alert opened', async ({ page }) => {
  // The demo's four months of closed alerts (seed-history.ts seedDemoHistory).
  await signIn(page, 'admin@demo.example');
  await page.getByRole('navigation').getByRole('link', { name: 'Response Times' }).click();
  await expect(page.getByRole('heading', { name: 'Response Times', level: 1 })).toBeVisible();
  await pickPreset(page, 'Last 30 days');

  const chart = page.getByRole('img', { name: /^Time to acknowledge, distribution: / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByText('Half within (p50)').first()).toBeVisible();
  await expectAccessible(page);

  const slowest = page.getByRole('table', { name: /^The slowest alerts to acknowledge/ });
  const first = slowest.getByRole('row').nth(1);
  const tag = (await first.getByRole('cell').nth(1).textContent())!.trim();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/alert\/[0-9a-f-]{36}$/);
  await expect(page.getByText(tag).first()).toBeVisible();
});

test('a user without read Report sees no report in the sidebar and meets 403 by URL', async ({ page }) => {
  await signIn(page, 'security@demo.example');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  for (const name of [
    'Missing Tags',
    'Tag Replacement Timeline',
    'Disconnected Gateways',
    'Incidents',
    'Response Times',
  ])
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  for (const path of [
    '/reports/tags-not-seen',
    '/analytics/response-times',
    '/health/disconnected-gateways',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/error\/403/);
  }
});

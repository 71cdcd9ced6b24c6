import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn } from '../fixtures';

// Issue 21: the distribution kiosk, on a tablet (1024×768) beside the Emergency Department's
// gateway. The station holds the available demo tags c0ffee300001-6 (seed-distribution.ts); this
// file takes c0ffee300001 and puts it back on the shelf afterwards, so a rerun finds it there.
// `UPDATE_SCREENSHOTS=1` also writes each kiosk screen to docs/screenshots/kiosk-*.png.

test.use({ viewport: { width: 1024, height: 768 } });

const TAG = 'c0ffee300001';
const PERSON = 'Gray Santos';
const GATEWAY_KEY = 'vg_demo_8e2b6d4f1a3c5e7b9d0f2a4c6e8b1d3f';

async function shot(page: Page, name: string) {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await page.screenshot({
    path: path.join(import.meta.dirname, '../../docs/screenshots', `kiosk-${name}.png`),
  });
}

/** The gateway beside the station hears one short press of `tag` (the real device API). */
async function tapTag(page: Page, tag: string) {
  const res = await page.request.post('/api/ingest/button-events', {
    headers: { authorization: `Basic ${Buffer.from(`${GATEWAY_KEY}:`).toString('base64')}` },
    data: {
      gateway: 'b0a710000001',
      buttonEvents: [
        {
          tag,
          nonce: `kiosk-${Date.now()}-${Math.random()}`,
          events: [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The tag's fact as the status screen shows it. */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');

test.afterEach(async ({ page }) => {
  // Back on the shelf (SPEC §4 restore: available, owner and label cleared) for the other specs.
  const res = await page.request.put(`/api/tags/${TAG}`, {
    headers: await adminHeaders(page),
    data: { state: 'available' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test('a distribution user picks a station, picks a person, taps a tag and activates it; the tag list shows it deployed to that person', async ({
  page,
  browser,
}) => {
  await signIn(page, 'distribution@demo.example');
  const picker = page.getByRole('heading', { name: 'Choose this kiosk’s station', level: 1 });
  await expect(picker).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ward 3 station' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'picker');

  // SPEC §2.2: the distribution role opens only distribution routes.
  await page.goto('/tags');
  await expect(picker).toBeVisible();
  await expect(page).toHaveURL(/\/distribution$/);

  await page.getByRole('link', { name: 'Emergency Department station' }).click();
  await expect(page.getByRole('heading', { name: 'Who is the tag for?', level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Station help' })).toContainText('Help: ext. 4100');
  await expect(page.getByRole('status', { name: 'Connection: Online' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'home');

  await page.getByRole('textbox', { name: 'Your name or e-mail' }).fill('Gr');
  await page.getByRole('option', { name: new RegExp(PERSON) }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${PERSON}`, level: 1 })).toBeVisible();
  await shot(page, 'person');

  await page.getByRole('button', { name: /Get a new tag/ }).click();
  await expect(page.getByText('Press your new tag’s button once')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'tap');

  await tapTag(page, TAG);
  await expect(page.getByRole('heading', { name: 'Tag status', level: 1 })).toBeVisible();
  await expect(fact(page, 'Tag')).toHaveText(TAG);
  await expect(fact(page, 'State')).toHaveText('Available');
  await expect(fact(page, 'Reusable')).toHaveText('Yes');
  await expect(page.getByText(`Tag ${TAG} is available. Activate it to make it ${PERSON}’s.`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'status');

  await page.getByRole('button', { name: `Activate for ${PERSON}` }).click();
  await expect(page.getByText(`Activate tag ${TAG} for ${PERSON}?`)).toBeVisible();
  await shot(page, 'activate');
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(page.getByText(`Tag ${TAG} is now active for ${PERSON}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/success$/);
  await shot(page, 'success');

  // Done: home for the next person; the same person finds the tag among theirs.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('textbox', { name: 'Your name or e-mail' }).fill('Gra');
  await page.getByRole('option', { name: new RegExp(PERSON) }).click();
  await page.getByRole('button', { name: /My tags/ }).click();
  await expect(page.getByRole('heading', { name: `${PERSON}’s tags`, level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: `Tag ${TAG}` });
  await expect(card.getByText('Active (deployed)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Swap' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'current-tags');

  // The admin, elsewhere, sees it deployed to that person.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.example');
  await admin.goto('/tags');
  await admin.getByRole('textbox', { name: 'Search' }).fill(TAG);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: TAG }) });
  await expect(row.getByRole('cell', { name: 'Deployed', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: PERSON })).toBeVisible();
  await admin.context().close();
});

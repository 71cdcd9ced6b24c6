import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, pressTag, signIn, unique } from '../fixtures';

// Issue 20 "Home visits": a visit planned and checked in on the console; a press of the visiting
// staff member's tag is an alert at the patient's home (its address on the alert card); checked out.

const HARPER_TAG = 'c0ffee000008'; // Harper Kim, P-1007, the demo's remote person

type Visit = {
  id: string;
  person: { personId: string };
  checkedInAt: string | null;
  checkedOutAt: string | null;
};

/** A patient's home through the zones API: a zone of category home, named by its address. */
async function addHome(page: Page, auth: Record<string, string>): Promise<string> {
  const orgs = (await (await page.request.get('/api/zones?level=org', { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const address = unique('22 Maple Street');
  const res = await page.request.post('/api/zones', {
    headers: auth,
    data: { name: address, level: 'site', parent: orgs.data[0]!.id, config: { category: 'home' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return address;
}

/** A press joins its tag's open alert: one left open by another journey is closed first. */
async function closeOpenAlerts(page: Page, auth: Record<string, string>, tag: string) {
  const open = (await (await page.request.get('/api/alerts', { headers: auth })).json()) as {
    data: { id: string; tag: { id: string } }[];
  };
  for (const alert of open.data.filter((a) => a.tag.id === tag)) {
    const res = await page.request.put(`/api/alerts/${alert.id}`, {
      headers: auth,
      data: { reasonCode: 'ignored_false_alarm' },
    });
    expect(res.status()).toBe(200);
  }
}

/** Harper Kim is at one home at a time: a visit she is checked in to (the demo's) ends first. */
async function checkOutHarper(page: Page, auth: Record<string, string>) {
  const visits = (await (await page.request.get('/api/home-visits', { headers: auth })).json()) as {
    data: Visit[];
  };
  for (const v of visits.data) {
    if (v.person.personId !== 'P-1007' || !v.checkedInAt || v.checkedOutAt) continue;
    const res = await page.request.post(`/api/home-visits/${v.id}/check-out`, { headers: auth });
    expect(res.status()).toBe(200);
  }
}

test.describe('home visits', () => {
  test('a remote person’s press during a visit shows the home address on the alert card', async ({
    page,
  }) => {
    const auth = await adminHeaders(page);
    const address = await addHome(page, auth);
    await checkOutHarper(page, auth);
    await closeOpenAlerts(page, auth, HARPER_TAG);

    await signIn(page, 'admin@demo.example');
    await page.goto('/home-visits');
    await expect(page.getByRole('heading', { name: 'Home Visits', level: 1 })).toBeVisible();
    // Every day: the visit may start on the organisation's next day.
    await page.getByLabel('Day').fill('');

    await page.getByRole('button', { name: 'Plan visit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Plan home visit' });
    await dialog.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Harper Kim (P-1007)' });
    await dialog.getByRole('combobox', { name: 'Home' }).selectOption({ label: address });
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Wound dressing');
    await dialog.getByRole('button', { name: 'Plan visit' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(address) });
    await expect(row).toContainText('Harper Kim');
    await expect(row).toContainText('Planned');
    await expectAccessible(page);
    await row.getByRole('button', { name: `Check in Harper Kim at ${address}` }).click();
    await expect(row).toContainText('In progress');

    const pressed = await pressTag(page, HARPER_TAG);
    expect(pressed.results[0]!.status).toBe('created');
    await page.goto('/alerts');
    const card = page.getByRole('article', { name: new RegExp(`Alert: Harper Kim at ${address}`) });
    await expect(card).toBeVisible();
    await expect(card.getByText(`Home visit: ${address}`)).toBeVisible();
    await expect(card.getByText('· Harper Kim')).toBeVisible();

    await page.goto('/home-visits');
    await page.getByLabel('Day').fill('');
    await row.getByRole('button', { name: `Check out Harper Kim at ${address}` }).click();
    await expect(row).toContainText('Done');

    // The alert is not left open for the other journeys.
    await closeOpenAlerts(page, auth, HARPER_TAG);
  });

  test('the home visits screen is accessible with its dialog open', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/home-visits');
    await expect(page.getByRole('heading', { name: 'Home Visits', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Home visits' }).or(page.getByText(/No home visits/)),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Plan visit' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Plan home visit' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Person' })).toBeVisible();
    await expectAccessible(page);
  });
});

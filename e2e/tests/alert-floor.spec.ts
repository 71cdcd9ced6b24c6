import { expect, test } from '@playwright/test';
import { adminHeaders, createUser, expectAccessible, pressTag, signIn } from '../fixtures';
import { FLOOR_1_POSITION, canvasPixelsNear, placeFloor1Gateway } from '../map-fixtures';

// Issue 15 'The alert on the map': a security responder (SPEC §6: reads alerts, floor plans and
// zones, not gateways) opens an alert and sees the floor it was heard on, with the alert drawn at
// its gateway, from the position the alert itself carries. b0a710000001 (ED Room 101, Floor 1) is
// placed on the map for this test and taken off after it.

const POSITION = FLOOR_1_POSITION;
const TAG = 'c0ffee000006'; // Finley Brooks
const PERSON = 'Finley Brooks';
/** The help colour of the alert card (orange.8), which the alert's tracker is drawn in. */
const HELP_COLOUR = [0xe8, 0x59, 0x0c];

test('a security responder opens an alert and sees its floor with the alert on it, reading no gateway', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, await createUser(page, 'security'));
  await placeFloor1Gateway(page, POSITION);
  const [pressed] = (await pressTag(page, TAG)).results;
  const alertId = pressed!.alertId!;
  try {
    const card = page.getByRole('article', { name: new RegExp(`Alert: ${PERSON}`) });
    await card.getByRole('link', { name: `Details of the alert for ${PERSON}` }).click();
    await expect(page).toHaveURL(new RegExp(`/alert/${alertId}$`));

    const floor = page.getByRole('region', { name: 'Floor plan' });
    await expect(floor).toBeVisible();
    const canvas = floor.locator('canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-label', 'Map of Floor 1');
    // The alert's tracker is drawn in the help colour at its gateway (the map is centred on it).
    await expect
      .poll(() => canvasPixelsNear(page, canvas, [HELP_COLOUR]), { timeout: 15_000 })
      .toBeGreaterThan(30);
    await expect(floor.getByText('This alert’s gateway is not placed on a floor plan.')).toHaveCount(0);
    await expectAccessible(page);
    // Nothing was refused: the panel never asked for the gateway, which security may not read.
    expect(refused).toEqual([]);
  } finally {
    const closed = await page.request.put(`/api/alerts/${alertId}`, {
      headers: await adminHeaders(page),
      data: { reasonCode: 'ignored_accidental_press' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    await placeFloor1Gateway(page, null);
  }
});

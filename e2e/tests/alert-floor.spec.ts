import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminHeaders, createUser, expectAccessible, pressTag, signIn } from '../fixtures';

// Issue 15 'The alert on the map': a security responder (SPEC §6: reads alerts, floor plans and
// zones, not gateways) opens an alert and sees the floor it was heard on, with the alert drawn at
// its gateway, from the position the alert itself carries. b0a710000001 (ED Room 101, Floor 1) is
// placed on the map for this test and taken off after it.

const GATEWAY = 'b0a710000001';
const POSITION = { lat: 40.74205, lng: -73.9741 };
const TAG = 'c0ffee000006'; // Finley Brooks
const PERSON = 'Finley Brooks';
/** The help colour of the alert card (orange.8), which the alert's tracker is drawn in. */
const HELP_COLOUR = [0xe8, 0x59, 0x0c];

async function placeGateway(page: Page, coordinates: typeof POSITION | null) {
  const res = await page.request.put(`/api/gateways/${GATEWAY}`, {
    headers: await adminHeaders(page),
    data: { coordinates },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** How many pixels of the map canvas are near the help colour: WebGL draws, the DOM cannot tell. */
async function helpPixels(page: Page, canvas: Locator): Promise<number> {
  const png = (
    await canvas.screenshot({ style: '.maplibregl-marker { visibility: hidden !important; }' })
  ).toString('base64');
  return page.evaluate(
    async ({ png, colour }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const off =
          Math.abs(data[i]! - colour[0]!) +
          Math.abs(data[i + 1]! - colour[1]!) +
          Math.abs(data[i + 2]! - colour[2]!);
        if (off < 24) count++;
      }
      return count;
    },
    { png, colour: HELP_COLOUR },
  );
}

test('a security responder opens an alert and sees its floor with the alert on it, reading no gateway', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, await createUser(page, 'security'));
  await placeGateway(page, POSITION);
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
    // WebGL drew the alert's tracker, in the help colour, at its gateway (the map is centred on it).
    await expect.poll(() => helpPixels(page, canvas), { timeout: 15_000 }).toBeGreaterThan(30);
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
    await placeGateway(page, null);
  }
});

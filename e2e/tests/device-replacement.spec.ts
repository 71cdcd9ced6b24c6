import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn } from '../fixtures';

// Issue 21 "Device replacement" (/device/replacement, a kiosk that needs update Gateway): the admin
// replaces the demo gateway b0a710000003 (Room 201, Floor 2), placed on a marker for this file, with
// the demo's spare b0a710000006, and sees the new gateway at the old one's
// marker on the floor map. The file then replaces them back through the API and removes the marker,
// so both are left as the demo seeds them (b0a710000006: the demo's spare, ready to deploy).

const OLD = 'b0a710000003';
const NEW = 'b0a710000006';
const AT = { lat: 40.74201, lng: -73.97412 };

type Headers = Record<string, string>;

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The old gateway's area and the floor it is on (GET zones/{id} with its context path). */
async function placeOfOld(page: Page, headers: Headers) {
  const gateway = await ok<{ config: { location: string } }>(
    await page.request.get(`/api/gateways/${OLD}`, { headers }),
  );
  const area = gateway.config.location;
  const zone = await ok<{ context: { id: string; level: string }[] }>(
    await page.request.get(`/api/zones/${area}?context=true`, { headers }),
  );
  return { area, floor: zone.context.find((z) => z.level === 'floor')!.id };
}

test('a gateway replaced on /device/replacement appears at the old one’s marker on the floor map', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.example');
  const headers = await adminHeaders(page);
  const { area, floor } = await placeOfOld(page, headers);
  const marker = (
    await ok<{ id: string }>(
      await page.request.post('/api/markers', { headers, data: { location: area, coordinates: AT } }),
    )
  ).id;
  await ok(await page.request.post(`/api/markers/${marker}/assign/${OLD}`, { headers }));
  try {
    await replaceOnScreen(page, floor);
  } finally {
    await restore(page, headers, marker);
  }
  const restored = await ok<{ config: Record<string, unknown> }>(
    await page.request.get(`/api/gateways/${OLD}`, { headers }),
  );
  expect(restored.config).toMatchObject({ state: 'deployed', location: area });
  expect(restored.config.coordinates ?? null).toBeNull();
});

/** The admin's journey: the four steps, the result, and the floor plan it links to. */
async function replaceOnScreen(page: Page, floor: string) {
  await page.goto('/device/replacement');
  await expect(page.getByRole('heading', { name: 'Device Replacement', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Step 1: four characters of the MAC suggest the deployed gateway.
  await page.getByRole('combobox', { name: 'Gateway to replace (MAC)' }).pressSequentially('0003');
  await page.getByRole('option', { name: new RegExp(OLD) }).click();

  // Step 2: the ready-to-deploy one.
  await expect(page.getByRole('heading', { name: 'Scan or type the new gateway' })).toBeVisible();
  await expect(page.getByText(`Replacing ${OLD} at`)).toContainText('Room 201');
  await page.getByRole('combobox', { name: 'New gateway (MAC)' }).pressSequentially('0006');
  await page.getByRole('option', { name: new RegExp(NEW) }).click();

  // Step 3: the old one is only taken off its place; step 4: the summary, then Replace.
  await expect(page.getByRole('heading', { name: 'What happens to the old gateway' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Remove from location only/ })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: `Replace ${OLD} with ${NEW}` })).toBeVisible();
  await page.getByRole('button', { name: 'Replace gateway' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Gateway ${NEW} replaced ${OLD}` })).toBeVisible();
  await expectAccessible(page);

  // The floor plan: the new gateway is listed on the floor, and the marker names it.
  await page.getByRole('link', { name: 'Open the floor plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/floorplans/${floor}$`));
  const onFloor = page.getByRole('region', { name: 'Gateways on this floor' });
  await expect(onFloor.getByRole('button', { name: `Show ${NEW} on the map` })).toBeVisible();
  await expect(onFloor.getByRole('button', { name: `Show ${OLD} on the map` })).toBeHidden();
  await page.getByRole('button', { name: 'Edit this floor' }).click();
  await page.getByRole('menuitem', { name: 'Markers and gateways' }).click();
  const panel = page.getByRole('region', { name: 'Markers and gateways' });
  const list = panel.getByRole('region', { name: 'Markers on this floor' });
  await list.getByRole('button', { name: `Gateway ${NEW}` }).click();
  await expect(panel.getByText(`Assigned: ${NEW}`)).toBeVisible();
  await panel.getByRole('button', { name: 'Done' }).click();
}

/**
 * Leaves the demo as it was for other files, however far the journey got: the old gateway back in
 * its place (replaced back through the API if it was replaced), and the marker gone.
 */
async function restore(page: Page, headers: Headers, marker: string) {
  const old = await ok<{ config: { state?: string } }>(
    await page.request.get(`/api/gateways/${OLD}`, { headers }),
  );
  if (old.config.state !== 'deployed') {
    await ok(
      await page.request.post(`/api/gateways/${NEW}/replace`, {
        headers,
        data: { newGatewayId: OLD, action: 'none' },
      }),
    );
  }
  expect((await page.request.delete(`/api/markers/${marker}`, { headers })).status()).toBe(204);
}

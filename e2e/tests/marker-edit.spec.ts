import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn, unique } from '../fixtures';

// The markers edit mode of the floor-plan map (SPEC §2.7, §5): the admin adds a marker by clicking
// the map, assigns a ready-to-deploy gateway by typing 4 characters of its MAC, labels and moves it,
// is refused a gateway that already has coordinates, removes a marker after confirming, and sees the
// gateway on the viewing map after Done. The floor (with a unit, an area and a small tiled plan) is
// this file's own; the demo gateway b0a710000003 is taken off its place (left ready to deploy) for it.

const GATEWAY = 'b0a710000003';
const CORNERS = [
  [-73.9748, 40.7424],
  [-73.9734, 40.7424],
  [-73.9734, 40.74172],
  [-73.9748, 40.74172],
];

type Headers = Record<string, string>;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function createZone(page: Page, headers: Headers, body: Record<string, unknown>): Promise<string> {
  return (await ok<{ id: string }>(await page.request.post('/api/zones', { headers, data: body }))).id;
}

/** A small plan: a white sheet with a frame and a corridor, as the browser draws it. */
async function drawPlan(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 250;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 400, 250);
    g.strokeStyle = '#3b4252';
    g.lineWidth = 6;
    g.strokeRect(5, 5, 390, 240);
    g.strokeRect(5, 105, 390, 40);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** A floor of the demo's North Tower with a unit and an area and a tiled plan; answers its id. */
async function makeFloor(page: Page, headers: Headers, areaName: string): Promise<string> {
  const buildings = await ok<{ data: { id: string; name: string }[] }>(
    await page.request.get('/api/zones?level=building&limit=200', { headers }),
  );
  const tower = buildings.data.find((zone) => zone.name === 'North Tower')!;
  const floor = await createZone(page, headers, {
    name: unique('Marker Floor'),
    level: 'floor',
    parent: tower.id,
    config: { number: 9, category: 'indoor' },
  });
  const unit = await createZone(page, headers, { name: 'Marker Wing', level: 'unit', parent: floor });
  await createZone(page, headers, { name: areaName, level: 'area', parent: unit });

  const upload = await ok<{ id: string }>(
    await page.request.post(`/api/zones/${floor}/plan/upload`, {
      headers,
      multipart: { floorplan: { name: 'plan.png', mimeType: 'image/png', buffer: await drawPlan(page) } },
    }),
  );
  const { job } = await ok<{ job: string }>(
    await page.request.post(`/api/zones/${floor}/plan/tile`, {
      headers,
      data: { corners: CORNERS, id: upload.id },
    }),
  );
  await expect
    .poll(
      async () =>
        (
          await ok<{ percent: number }>(
            await page.request.get(`/api/zones/${floor}/plan/status/${job}`, { headers }),
          )
        ).percent,
      { timeout: 60_000 },
    )
    .toBe(100);
  return floor;
}

/** The demo gateway taken off its place, so it is ready to deploy and has no coordinates. */
async function readyGateway(page: Page, headers: Headers) {
  const gateway = await ok<{ config: { state: string; coordinates?: unknown } }>(
    await page.request.get(`/api/gateways/${GATEWAY}`, { headers }),
  );
  if (gateway.config.state !== 'ready_to_deploy' || gateway.config.coordinates) {
    await ok(
      await page.request.post(`/api/gateways/${GATEWAY}/unassign`, { headers, data: { action: 'none' } }),
    );
  }
}

test('the admin adds a marker, assigns a ready-to-deploy gateway by its MAC, moves it, removes another, and sees it after Done', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.example');
  const headers = await adminHeaders(page);
  const floor = await makeFloor(page, headers, 'Marker Room');
  await readyGateway(page, headers);

  await page.goto(`/floorplans/${floor}`);
  await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit this floor' }).click();
  await page.getByRole('menuitem', { name: 'Markers and gateways' }).click();
  const panel = page.getByRole('region', { name: 'Markers and gateways' });
  await expect(panel.getByText('No markers on this floor yet.')).toBeVisible();
  // The editor's own layers replace the viewing map's side column.
  await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeHidden();

  // Add: the button, then a click on the map.
  const canvas = page.locator('canvas.maplibregl-canvas');
  const box = (await canvas.boundingBox())!;
  const first = { x: box.width * 0.62, y: box.height * 0.45 };
  await panel.getByRole('button', { name: 'Add marker' }).click();
  await canvas.click({ position: first });
  const list = panel.getByRole('region', { name: 'Markers on this floor' });
  await expect(list.getByRole('button', { name: 'Marker without gateway' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);

  // Assign: the area, then 4 characters of the MAC and the suggestion.
  await panel.getByRole('combobox', { name: 'Area' }).click();
  await panel.getByRole('option', { name: 'Marker Room' }).click();
  await panel.getByRole('combobox', { name: 'Gateway MAC' }).pressSequentially('0003');
  await panel.getByRole('option', { name: GATEWAY }).click();
  await expect(panel.getByRole('combobox', { name: 'Gateway MAC' })).toHaveValue(GATEWAY);
  await panel.getByRole('button', { name: 'Assign gateway' }).click();
  await expect(panel.getByText(`Assigned: ${GATEWAY}`)).toBeVisible();
  await expect(list.getByRole('button', { name: `Gateway ${GATEWAY}` })).toBeVisible();

  // Labels and notes, saved.
  // A chip is a checkbox drawn as its label: the label is what is clicked.
  await panel.getByText('guard', { exact: true }).click();
  await expect(panel.getByRole('checkbox', { name: 'guard' })).toBeChecked();
  await panel.getByRole('textbox', { name: 'Notes' }).fill('Above the nurses’ desk');
  await panel.getByRole('button', { name: 'Save marker' }).click();
  await expect(panel.getByRole('button', { name: 'Save marker' })).toBeDisabled();

  // Drag it: a marker with a gateway asks first (SPEC §5), then the gateway moves with it.
  const before = await gatewayCoordinates(page, headers);
  // Where the canvas is now: the page may have scrolled with the panel's focus.
  const now = (await canvas.boundingBox())!;
  await page.mouse.move(now.x + first.x, now.y + first.y);
  await page.mouse.down();
  await page.mouse.move(now.x + first.x + 30, now.y + first.y + 20, { steps: 5 });
  await page.mouse.up();
  const confirm = page.getByRole('dialog', { name: `Move gateway ${GATEWAY}?` });
  await expect(confirm).toContainText('Move this gateway to the new position?');
  await confirm.getByRole('button', { name: 'Move' }).click();
  await expect.poll(() => gatewayCoordinates(page, headers)).not.toEqual(before);

  // By keyboard too: the position control's arrow keys, then Enter, then the same question.
  const moved = await gatewayCoordinates(page, headers);
  await panel.getByRole('group', { name: 'Position' }).focus();
  await page.keyboard.press('Shift+ArrowUp');
  await expect(panel.getByText('Position (moved, not saved)')).toBeVisible();
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: `Move gateway ${GATEWAY}?` })
    .getByRole('button', { name: 'Move' })
    .click();
  await expect.poll(async () => (await gatewayCoordinates(page, headers))?.lat).toBeGreaterThan(moved!.lat);

  // A second marker: the gateway already has coordinates, so it is refused and nothing is assigned.
  await panel.getByRole('button', { name: 'Add marker' }).click();
  await canvas.click({ position: { x: box.width * 0.75, y: box.height * 0.7 } });
  await expect(list.getByRole('button', { name: 'Marker without gateway' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByRole('combobox', { name: 'Gateway MAC' }).pressSequentially(GATEWAY);
  await panel.getByRole('button', { name: 'Assign gateway' }).click();
  await expect(panel.getByText('Must specify area')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Area' }).click();
  await panel.getByRole('option', { name: 'Marker Room' }).click();
  await panel.getByRole('button', { name: 'Assign gateway' }).click();
  await expect(panel.getByText('This gateway is already assigned to another location')).toBeVisible();
  await expect(panel.getByText('No gateway assigned yet.')).toBeVisible();
  await expectAccessible(page);

  // Remove it, after confirming.
  await panel.getByRole('button', { name: 'Remove marker' }).click();
  const removal = page.getByRole('dialog', { name: 'Remove marker' });
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('button', { name: 'Marker without gateway' })).toBeHidden();
  await expect(list.getByRole('button')).toHaveCount(1);

  // Done: the viewing map lists the gateway on this floor.
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(
    page
      .getByRole('region', { name: 'Gateways on this floor' })
      .getByRole('button', { name: `Show ${GATEWAY} on the map` }),
  ).toBeVisible();

  // Leave the gateway off the map again for other files (it stays ready to deploy).
  const markers = await ok<{ data: { id: string }[] }>(
    await page.request.get(`/api/markers?config.location=${floor}&limit=500`, { headers }),
  );
  for (const marker of markers.data) {
    const res = await page.request.delete(`/api/markers/${marker.id}`, { headers });
    expect(res.status()).toBe(204);
  }
});

async function gatewayCoordinates(page: Page, headers: Headers) {
  const gateway = await ok<{ config: { coordinates?: { lat: number; lng: number } | null } }>(
    await page.request.get(`/api/gateways/${GATEWAY}`, { headers }),
  );
  return gateway.config.coordinates ?? null;
}

import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn, unique } from '../fixtures';
import { canvasPixelsNear, rgb } from '../map-fixtures';

// SPEC §2.7 plan edit mode, §4 Plan editing: someone who may edit floor plans uploads a plan image
// onto a floor without one, places it by its four corners (dragged and moved by the keyboard), watches
// the tile job reach 100 % and sees the plan drawn by WebGL (canvas pixels); then turns the floor's map
// by 5°, answers 'Save rotation changes?' with Yes, and the bearing is still there after a reload;
// last, moves the current plan's corners and answers 'Save changes to floor plan?' with Yes.
// The floor is made for this file (the other files' floors keep no plan) and removed after it.

/** The plan's fill: a violet no other part of the map is drawn in. */
const PLAN_COLOUR = '#7048e8';

type Zone = { id: string; name: string; config: Record<string, unknown> };

async function createFloor(page: Page): Promise<Zone> {
  const headers = await adminHeaders(page);
  const buildings = (await (
    await page.request.get('/api/zones?level=building&limit=50', { headers })
  ).json()) as {
    data: Zone[];
  };
  const building = buildings.data.find((b) => b.name === 'North Tower') ?? buildings.data[0]!;
  const res = await page.request.post('/api/zones', {
    headers,
    data: { name: unique('Annex level'), level: 'floor', parent: building.id },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Zone;
}

async function readFloor(page: Page, id: string): Promise<Zone> {
  const res = await page.request.get(`/api/zones/${id}`, { headers: await adminHeaders(page) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Zone;
}

/** A plan image drawn in the browser's canvas as a PNG: a violet floor with a dark outline. */
async function drawPlan(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate((colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 500;
    const g = canvas.getContext('2d')!;
    g.fillStyle = colour;
    g.fillRect(0, 0, 800, 500);
    g.strokeStyle = '#212529';
    g.lineWidth = 12;
    g.strokeRect(6, 6, 788, 488);
    return canvas.toDataURL('image/png');
  }, PLAN_COLOUR);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Drags a corner handle by (dx, dy) screen pixels with the mouse. */
async function drag(page: Page, handle: Locator, dx: number, dy: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

test('a floor plan is uploaded, placed by its four corners, tiled to 100 % and drawn; a rotation is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.example');
  const floor = await createFloor(page);
  try {
    await page.goto(`/floorplans/${floor.id}`);
    await expect(
      page.getByRole('heading', { name: 'No floor plan for this floor yet', level: 2 }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Upload a floor plan' }).click();
    const panel = page.getByRole('region', { name: 'Floor plan' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('up to 50 MB');

    // What is not a plan image is refused by the server, with its reason in SPEC §8's words.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await expect(panel.getByRole('alert')).toHaveText(
      /^Sorry, there was a problem uploading: A plan image must be a PNG or JPEG/,
    );

    await fileInput.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await drawPlan(page) });
    // The thumbnail job makes the preview; its corners are then placed in the middle of the view.
    const topLeft = page.getByRole('button', { name: 'Top left corner' });
    await expect(topLeft).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('alert')).toBeHidden();
    await expectAccessible(page);

    // Each corner moves on its own: two dragged, two moved by the keyboard.
    const before = await topLeft.boundingBox();
    await drag(page, topLeft, -30, -20);
    await expect.poll(async () => (await topLeft.boundingBox())!.x).toBeLessThan(before!.x - 20);
    await drag(page, page.getByRole('button', { name: 'Bottom right corner' }), 25, 15);
    const topRight = page.getByRole('button', { name: 'Top right corner' });
    const trBefore = (await topRight.boundingBox())!;
    await topRight.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => (await topRight.boundingBox())!.x).toBeCloseTo(trBefore.x + 20, 0);
    await expect.poll(async () => (await topRight.boundingBox())!.y).toBeCloseTo(trBefore.y - 1, 0);
    const bottomLeft = page.getByRole('button', { name: 'Bottom left corner' });
    await bottomLeft.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');

    // Place: the tile job is polled each second and its progress shown until 100 %.
    const done = page.waitForResponse(
      async (r) =>
        r.url().includes(`/api/zones/${floor.id}/plan/status/`) &&
        r.request().method() === 'GET' &&
        ((await r.json()) as { percent: number }).percent === 100,
      { timeout: 60_000 },
    );
    await panel.getByRole('button', { name: 'Place plan' }).click();
    // Attached, not visible: at 0 % Mantine's bar (the progressbar) has no width yet.
    await expect(page.getByRole('progressbar', { name: 'Placing the plan' })).toBeAttached();
    await done;
    // At 100 % the floor has its plan: plan edit closes and the plan's tiles are drawn.
    await expect(panel).toBeHidden({ timeout: 15_000 });
    const saved = await readFloor(page, floor.id);
    expect(saved.config.planId).toEqual(expect.any(String));
    expect(saved.config.geometry).toMatchObject({ type: 'Polygon' });
    const canvas = page.locator('canvas.maplibregl-canvas');
    await expect
      .poll(() => canvasPixelsNear(page, canvas, [rgb(PLAN_COLOUR)]), { timeout: 20_000 })
      .toBeGreaterThan(2000);

    // Rotate by 5° and leave: 'Save rotation changes?' Yes saves the floor's bearing.
    await page.getByRole('button', { name: 'Edit this floor' }).click();
    await page.getByRole('menuitem', { name: 'Plan: replace or place' }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Rotate left' }).click();
    await expect(panel).toContainText('Rotation: 5°');
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save rotation changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(panel).toBeHidden();
    expect((await readFloor(page, floor.id)).config.planBearing).toBe(5);

    await page.reload();
    await expect
      .poll(() => canvasPixelsNear(page, canvas, [rgb(PLAN_COLOUR)]), { timeout: 20_000 })
      .toBeGreaterThan(2000);
    await page.getByRole('button', { name: 'Edit this floor' }).click();
    await page.getByRole('menuitem', { name: 'Plan: replace or place' }).click();
    await expect(panel).toContainText('Rotation: 5°');

    // The current plan's corners moved by the keyboard, then Escape: 'Save changes to floor plan?'
    // Yes tiles its image again where the corners now are, and the floor names the new plan.
    await panel.getByRole('button', { name: 'Move the current plan’s corners' }).click();
    await page.getByRole('button', { name: 'Bottom right corner' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await panel.getByRole('heading', { name: 'Floor plan' }).click();
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Save changes to floor plan?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Yes' }).click();
    // Attached, not visible: at 0 % Mantine's bar (the progressbar) has no width yet.
    await expect(page.getByRole('progressbar', { name: 'Placing the plan' })).toBeAttached();
    await expect(panel).toBeHidden({ timeout: 60_000 });
    const retiled = await readFloor(page, floor.id);
    expect(retiled.config.planId).not.toBe(saved.config.planId);
    expect(retiled.config.planBearing).toBe(5);
    await expect
      .poll(() => canvasPixelsNear(page, canvas, [rgb(PLAN_COLOUR)]), { timeout: 20_000 })
      .toBeGreaterThan(2000);
  } finally {
    await page.request.delete(`/api/zones/${floor.id}`, { headers: await adminHeaders(page) });
  }
});

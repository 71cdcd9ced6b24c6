import fs from 'node:fs';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures';
import { writeQrCodeVideo } from '../fake-camera';

// Issue 21 'QR scanning' (SPEC §5 QR scan, §8 QR camera errors): the distribution kiosk's scan
// screen reads a tag's QR code from the camera, and says why when the camera cannot be used.
// Chromium's fake camera plays a video of the code; it reads the file at launch, so each test
// launches its own browser with its camera (the configuration's options plus the camera's flags).

type Camera = { qrCode: string } | 'refused' | 'none';

const test = base.extend<{ camera: Camera; page: Page }>({
  camera: ['none', { option: true }],
  page: async ({ playwright, launchOptions, baseURL, viewport, camera }, use) => {
    const video = typeof camera === 'object' ? writeQrCodeVideo(camera.qrCode) : null;
    const flags =
      video !== null
        ? [
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${video}`,
          ]
        : // A camera nobody grants (no fake UI to accept the prompt): headless Chromium refuses it.
          camera === 'refused'
          ? ['--use-fake-device-for-media-stream']
          : // No flag: headless Chromium has no camera at all.
            [];
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...flags],
    });
    const context = await browser.newContext({ baseURL, viewport });
    await use(await context.newPage());
    await browser.close();
    if (video) fs.rmSync(path.dirname(video), { recursive: true, force: true });
  },
});

/** Signs in as the demo distribution kiosk and opens Ward 3 station's scan screen (its mode is qrCode). */
async function openScanScreen(page: Page) {
  await signIn(page, 'distribution@demo.example');
  await page.getByRole('link', { name: 'Ward 3 station' }).click();
  await page.getByRole('button', { name: 'Check a tag' }).click();
  await expect(page).toHaveURL(/\/distribution\/[^/]+\/scan$/);
}

test.describe('a camera showing a tag QR code', () => {
  test.use({ camera: { qrCode: 'https://vigil.example/t/C0FFEE100001' } });

  test('identifies the tag from the camera', async ({ page }) => {
    await openScanScreen(page);
    // SPEC §5: the code's trailing 12 hex characters, lowercased.
    await expect(page.getByRole('heading', { name: 'Tag status' })).toBeVisible();
    await expect(page.getByText('c0ffee100001', { exact: true })).toBeVisible();
  });
});

test.describe('a camera showing a QR code that is not a tag', () => {
  test.use({ camera: { qrCode: 'https://vigil.example/help' } });

  test('keeps the camera on and says what it read', async ({ page }) => {
    await openScanScreen(page);
    await expect(page.getByRole('region', { name: 'Tag QR code scanner' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Hold the QR code inside the frame' }),
    ).toBeVisible();
    await expect(page.getByText('“https://vigil.example/help” is not a tag’s code.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('a camera nobody grants', () => {
  test.use({ camera: 'refused' });

  test('asks for camera permission', async ({ page }) => {
    await openScanScreen(page);
    await expect(
      page.getByRole('alert').filter({ hasText: 'You need to grant camera access permisson' }),
    ).toBeVisible();
  });
});

test.describe('a device without a camera', () => {
  test.use({ camera: 'none' });

  test('says there is no camera, and takes the code from a hand-held scanner instead', async ({ page }) => {
    await openScanScreen(page);
    await expect(page.getByRole('alert').filter({ hasText: 'No camera on this device' })).toBeVisible();
    // A hand-held scanner types the code's content and Enter.
    await page.keyboard.type('https://vigil.example/t/C0FFEE100001');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Tag status' })).toBeVisible();
    await expect(page.getByText('c0ffee100001', { exact: true })).toBeVisible();
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, pressTag, signIn } from '../fixtures';
import { FLOOR_1_POSITION, placeFloor1Gateway } from '../map-fixtures';

// Issue 16 'Camera video on an alert': an admin gives a camera marker of Floor 1 a stream source (the
// API tests' MJPEG camera stub on 127.0.0.1, which wants Basic auth), a tag is pressed near it, and
// the alert detail plays the camera through our proxy. The stub runs as a process of its own, since
// the suite does not import the server's code (apps/server/test/helpers/camera-peer-main.ts).

const REPO = path.resolve(import.meta.dirname, '../..');
const TAG = 'c0ffee000007';
const CAMERA = 'ED corridor camera';
/** Five metres north of where the demo gateway is placed: inside its 16 m indoor coverage. */
const CAMERA_AT = { lat: FLOOR_1_POSITION.lat + 5 / 111_195, lng: FLOOR_1_POSITION.lng };

type CameraStub = { url: string; user: string; password: string };

let stub: ChildProcess;
let camera: CameraStub;

test.beforeAll(async () => {
  stub = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/helpers/camera-peer-main.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: stub.stdout! });
  const line = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    new Promise<never>((_, reject) => stub.once('exit', () => reject(new Error('the camera stub exited')))),
  ]);
  camera = JSON.parse(line) as CameraStub;
});

test.afterAll(async () => {
  if (!stub || stub.exitCode !== null || stub.signalCode !== null) return;
  const exited = new Promise((resolve) => stub.once('exit', resolve));
  stub.kill('SIGTERM');
  await exited;
});

/** The demo organisation's zone, and the zones named, through the real API. */
async function zoneIds(page: Page, auth: Record<string, string>, names: string[]) {
  const ids: Record<string, string> = {};
  for (const name of names) {
    const found = (await (
      await page.request.get(`/api/zones?query=${encodeURIComponent(name)}`, { headers: auth })
    ).json()) as { data: { id: string; name: string }[] };
    ids[name] = found.data.find((zone) => zone.name === name)!.id;
  }
  return ids;
}

/** Turns the video flag of a zone on (true) or back to unset (null), by JSON merge patch. */
async function setVideoFlag(page: Page, auth: Record<string, string>, zoneId: string, video: true | null) {
  const res = await page.request.put(`/api/zones/${zoneId}`, {
    headers: auth,
    data: { config: { featureFlags: { video } } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin opens an alert near a camera and sees the camera’s picture playing', async ({ page }) => {
  const auth = await adminHeaders(page);
  const zones = await zoneIds(page, auth, ['Demo Hospital', 'Floor 1']);
  const org = zones['Demo Hospital']!;
  const enabled = (await (await page.request.get(`/api/zones/${org}`, { headers: auth })).json()) as {
    config?: { featureFlags?: { video?: boolean } };
  };
  const flagWasOn = enabled.config?.featureFlags?.video === true;
  if (!flagWasOn) await setVideoFlag(page, auth, org, true);
  let markerId: string | undefined;
  let alertId: string | undefined;
  try {
    await placeFloor1Gateway(page, FLOOR_1_POSITION);
    const marker = await page.request.post('/api/markers', {
      headers: auth,
      data: { location: zones['Floor 1'], coordinates: CAMERA_AT, camera: { id: 'e2e-cam-1', name: CAMERA } },
    });
    expect(marker.status(), await marker.text()).toBe(200);
    markerId = ((await marker.json()) as { id: string }).id;
    const source = await page.request.put(`/api/markers/${markerId}/stream`, {
      headers: auth,
      data: { kind: 'mjpeg', url: camera.url, username: camera.user, password: camera.password },
    });
    expect(source.status(), await source.text()).toBe(200);
    expect(await source.text()).not.toContain(camera.password);

    // Signed in after the flag is on: the console reads the flags at sign-in.
    await signIn(page, 'admin@demo.example');
    const [pressed] = (await pressTag(page, TAG)).results;
    alertId = pressed!.alertId!;
    await page.goto(`/alert/${alertId}`);

    const video = page.getByRole('region', { name: 'Video' });
    const picture = video.getByRole('img', { name: CAMERA });
    await expect(picture).toBeVisible();
    // Our proxy's URL, not the camera's address, and a frame decoded from the stream.
    expect(await picture.getAttribute('src')).toMatch(/^\/api\/video\/proxy\//);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(video.getByText('Camera unavailable')).toHaveCount(0);
    await expect(video.getByText('Connecting to the camera…')).toHaveCount(0);
  } finally {
    if (alertId) {
      const closed = await page.request.put(`/api/alerts/${alertId}`, {
        headers: auth,
        data: { reasonCode: 'ignored_accidental_press' },
      });
      expect(closed.status(), await closed.text()).toBe(200);
    }
    if (markerId) await page.request.delete(`/api/markers/${markerId}`, { headers: auth });
    await placeFloor1Gateway(page, null);
    if (!flagWasOn) await setVideoFlag(page, auth, org, null);
  }
});

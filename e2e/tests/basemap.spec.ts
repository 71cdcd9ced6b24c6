import { expect, test, type Page } from '@playwright/test';
import { MARKER_COLOUR_HEX } from '@vigil/domain';
import { PASSWORD, expectAccessible, signIn } from '../fixtures';
import { canvasPixelsNear, rgb } from '../map-fixtures';
import { startOwnServer, startPeerProcess, stop, type OwnServer, type PeerProcess } from '../peer-processes';

// Issue 15 "The map, air-gapped": a deployment's satellite layer (MAP_SATELLITE_URL) is drawn under
// the floor, its tiles fetched by our server from the provider, never by the browser. The suite's
// server (playwright.config.ts) runs without map providers, as most deployments do; this file
// starts a deployment of its own, the same command with the map settings, and the providers it
// names: the API tests' local peers on 127.0.0.1 (apps/server/test/helpers/map-peers.ts), run as
// a process, since the suite does not import the server's code.

const GATEWAY = 'b0a710000001';
const POSITION = { lat: 40.74205, lng: -73.9741 };

/** What GET {origin}/_peer answers: the paths the peers were asked, and the tiles' colours. */
type PeerState = { requests: string[]; colours: Record<'streets' | 'satellite', number[]> };

let peers: PeerProcess<{ MAP_SATELLITE_URL: string; GEOCODER_URL: string }>;
let server: OwnServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  peers = await startPeerProcess('apps/server/test/helpers/map-peers-main.ts');
  server = await startOwnServer('basemap', () => ({
    MAP_SATELLITE_URL: peers.env.MAP_SATELLITE_URL,
    GEOCODER_URL: peers.env.GEOCODER_URL,
  }));
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await stop(peers?.process);
});

const peerState = async (): Promise<PeerState> =>
  (await fetch(`${peers.origin}/_peer`)).json() as Promise<PeerState>;

/** The demo admin's API headers on this file's server. */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post(`${base}/api/auth/password/demo`, {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

test('the satellite toggle draws the provider’s tiles under the floor, through our server only', async ({
  page,
}) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));

  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login`);
  const placed = await page.request.put(`${base}/api/gateways/${GATEWAY}`, {
    headers: await adminHeaders(page),
    data: { coordinates: POSITION },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Floor Plans' })
    .click();
  await page.getByRole('combobox', { name: 'Floor' }).click();
  await page.getByRole('option', { name: 'Floor 1' }).click();
  await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeVisible();

  const canvas = page.locator('canvas.maplibregl-canvas');
  const satellite = [(await peerState()).colours.satellite];
  const markerColours = Object.entries(MARKER_COLOUR_HEX)
    .filter(([name]) => name !== 'gray')
    .map(([, colour]) => rgb(colour));
  await expect
    .poll(() => canvasPixelsNear(page, canvas, markerColours), { timeout: 15_000 })
    .toBeGreaterThan(30);
  expect(await canvasPixelsNear(page, canvas, satellite)).toBe(0);

  const toggle = page.getByRole('button', { name: 'Satellite' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // WebGL drew the provider's tiles (one solid colour) over most of the map, the marker still on top.
  await expect
    .poll(() => canvasPixelsNear(page, canvas, satellite), { timeout: 15_000 })
    .toBeGreaterThan(10_000);
  expect(await canvasPixelsNear(page, canvas, markerColours)).toBeGreaterThan(30);
  expect((await peerState()).requests.some((asked) => asked.startsWith('/satellite/'))).toBe(true);

  // SPEC §9: with a street layer shown the map zooms out beyond 18 (down to 1).
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  for (let i = 0; i < 3; i++) await zoomOut.click();
  await expect(zoomOut).toBeEnabled();
  await page.getByRole('heading', { name: 'Floor Plans', level: 1 }).hover();
  await expectAccessible(page);

  // Off again: the ground is bare and the minimum zoom 18 once more.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(zoomOut).toBeDisabled();
  await expect.poll(() => canvasPixelsNear(page, canvas, satellite), { timeout: 15_000 }).toBe(0);

  // The browser asked nothing of the providers: only our server.
  expect([...origins]).toEqual([base]);
});

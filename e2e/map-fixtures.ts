import { expect, type Locator, type Page } from '@playwright/test';
import { adminHeaders } from './fixtures';

// Shared by the floor-map journeys: placing the demo gateway on Floor 1, and reading what WebGL drew
// (the DOM cannot tell whether anything was drawn on the map's canvas).

/** The demo gateway of ED Room 101 (Floor 1), placed on the map by the journeys that need one. */
export const FLOOR_1_GATEWAY = 'b0a710000001';
/** Where on Floor 1 it is placed. */
export const FLOOR_1_POSITION = { lat: 40.74205, lng: -73.9741 };

/** Places the demo gateway at `coordinates` (null takes it off the map) through the real API. */
export async function placeFloor1Gateway(page: Page, coordinates: typeof FLOOR_1_POSITION | null) {
  const res = await page.request.put(`/api/gateways/${FLOOR_1_GATEWAY}`, {
    headers: await adminHeaders(page),
    data: { coordinates },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A '#rrggbb' colour as [r, g, b]. */
export const rgb = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

/**
 * What lies over the map's canvas but is not the map's picture (labels, the toolbar, overlays,
 * panels). The SPEC §3 trackers are part of it: HTML elements over the canvas (tracker-elements.ts).
 */
const OVER_THE_CANVAS =
  '.maplibregl-marker:not([data-tracker-id]), [data-testid="floor-map-canvas"] ~ * { visibility: hidden !important; }';

/**
 * How many pixels of the map (its canvas and the trackers over it) are near one of `colours` ([r, g,
 * b], a summed distance under 24), with the rest of what lies over the canvas hidden while the
 * screenshot is taken.
 */
export async function canvasPixelsNear(
  page: Page,
  canvas: Locator,
  colours: readonly (readonly number[])[],
): Promise<number> {
  const png = (await canvas.screenshot({ style: OVER_THE_CANVAS })).toString('base64');
  return page.evaluate(
    async ({ png, colours }) => {
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
        const near = (c: readonly number[]) =>
          Math.abs(data[i]! - c[0]!) + Math.abs(data[i + 1]! - c[1]!) + Math.abs(data[i + 2]! - c[2]!) < 24;
        if (colours.some(near)) count++;
      }
      return count;
    },
    { png, colours },
  );
}

// What bench/floor-map-paint.bench.ts reads in the console's page: the frames, clicks, stream
// pieces and pushes bench/floor-map-probe.mjs notes there, and the figures made of them.
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { MARKER_COLOUR_HEX } from '@vigil/domain';
import { sleep } from './floor-map-setup';

export const PROBE = path.join(import.meta.dirname, 'floor-map-probe.mjs');
export const MARKERS = 500;
export const OPEN_ALERTS = 20;

/** A frame painted with one style: when it was styled and painted (wall clock), and what it held. */
export type Frame = {
  styled: number;
  painted: number;
  /** ms since the page's navigation started, when painted. */
  sinceStart: number;
  markers: number;
  /** `<alert id>:filled` or `<alert id>:outlined`. */
  trackers: string[];
};
export type FrameQuery = {
  since?: number;
  markers?: number;
  tracker?: string;
  trackers?: number;
  /** An alert id none of whose trackers is in the frame. */
  absent?: string;
};

/** Evaluated as strings: a function handed over from tsx would carry its helpers' names. */
const ask = <T>(page: Page, fn: string, arg: unknown) =>
  page.evaluate(`window.__floorBench.${fn}(${JSON.stringify(arg)})`) as Promise<T>;

/** The first frame the probe saw painted that matches, or null. */
export const firstFrame = (page: Page, query: FrameQuery) => ask<Frame | null>(page, 'first', query);

/** When the first piece of the event stream naming `text` after `since` reached the page. */
export const arrivedAt = (page: Page, since: number, text: string) =>
  ask<number | null>(page, 'arrived', { since, text });

/** When the first WebGL context after `since` was asked for. */
export const contextAt = (page: Page, since: number) => ask<number | null>(page, 'context', { since });

/** When the router first pushed an address ending in `path` after `since`. */
export const pushedAt = (page: Page, since: number, path: string) =>
  ask<number | null>(page, 'pushed', { since, path });

export async function waitForFrame(
  page: Page,
  query: FrameQuery,
  what: string,
  timeoutMs = 30_000,
): Promise<Frame> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(25)) {
    const frame = await firstFrame(page, query);
    if (frame) return frame;
  }
  const last = (await page.evaluate('window.__floorBench.frames.slice(-3)')) as Frame[];
  const seen = last.map((f) => `${f.markers} markers, trackers ${f.trackers.join(' ')}`).join('; ');
  throw new Error(
    `timed out waiting for ${what} on ${page.url()} (${JSON.stringify(query)}); last frames: ${seen}`,
  );
}

export { f1, pct, sorted } from './stats';

/**
 * How many pixels of the map's canvas are a gateway marker colour of the domain's rule (gray, a
 * marker without a gateway, left out: the grays of edges would pass for it), from a screenshot
 * with what lies over the canvas hidden: a check that the frames the probe calls painted show
 * markers on the canvas, not only in the style.
 */
export async function markerPixels(page: Page): Promise<number> {
  const overlays =
    '.maplibregl-marker, [data-testid="floor-map-canvas"] ~ * { visibility: hidden !important; }';
  const png = await page.locator('canvas.maplibregl-canvas').screenshot({ style: overlays });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = Object.entries(MARKER_COLOUR_HEX)
    .filter(([name]) => name !== 'gray')
    .map(([, hex]) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  let count = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    const near = (c: number[]) =>
      Math.abs(data[i]! - c[0]!) + Math.abs(data[i + 1]! - c[1]!) + Math.abs(data[i + 2]! - c[2]!) < 24;
    if (colours.some(near)) count++;
  }
  return count;
}

// The presses of bench/floor-map-paint.bench.ts, on the bench floor open in the page.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MARKERS, OPEN_ALERTS, arrivedAt, firstFrame, pushedAt, waitForFrame } from './floor-map-page';
import type { BenchApi, BenchFloor } from './floor-map-setup';

export type PressFigures = {
  /** Post → the tracker painted, ms. */
  times: number[];
  /** The post's HTTP round trip, ms. */
  posts: number[];
  /** Post → its event in the page, → the console's new style; new style → frame painted. */
  parts: { event: number[]; styled: number[]; drawn: number[] };
};

async function openFloor(page: Page, base: string, floor: BenchFloor) {
  await page.goto(`${base}/floorplans/${floor.floorId}`);
  await waitForFrame(page, { markers: MARKERS, trackers: OPEN_ALERTS }, 'the floor with its trackers');
}

/**
 * Each press: acknowledge one of the open alerts and wait for its outline to be painted, then a
 * gateway's press of its tag, which joins the alert and unacknowledges it (SPEC §4), timed to the
 * first frame painted with its tracker filled. The first `warmup` are not counted.
 */
export async function benchPresses(
  page: Page,
  api: BenchApi,
  base: string,
  floor: BenchFloor,
  alertIds: string[],
  counts: { warmup: number; presses: number },
): Promise<PressFigures> {
  await openFloor(page, base, floor);
  console.log(`  presses joining an acknowledged alert: ${counts.warmup} warm-up + ${counts.presses} …`);
  const figures: PressFigures = { times: [], posts: [], parts: { event: [], styled: [], drawn: [] } };
  const profile = await startProfile(page);
  for (let i = 0; i < counts.warmup + counts.presses; i++) {
    const k = i % alertIds.length;
    const alertId = alertIds[k]!;
    const { tag, gateway } = floor.presses[k]!;
    const acknowledged = Date.now();
    await api.acknowledge(alertId);
    await waitForFrame(page, { since: acknowledged, tracker: `${alertId}:outlined` }, 'the outline');
    const sent = Date.now();
    const answer = await api.press(tag, gateway);
    const posted = Date.now() - sent;
    if (answer.alertId !== alertId || answer.status !== 'joined')
      throw new Error(`the press did not join ${alertId}: ${answer.status} ${answer.alertId}`);
    const frame = await waitForFrame(page, { since: sent, tracker: `${alertId}:filled` }, 'the tracker');
    const arrived = await arrivedAt(page, sent, alertId);
    if (i < counts.warmup) continue;
    figures.times.push(frame.painted - sent);
    figures.posts.push(posted);
    figures.parts.event.push(arrived === null ? NaN : arrived - sent);
    figures.parts.styled.push(frame.styled - sent);
    figures.parts.drawn.push(frame.painted - frame.styled);
  }
  await profile?.stop();
  return figures;
}

/**
 * BENCH_PAGE_PROFILE=<dir>: a CPU profile of the console's page over the joined presses (DevTools
 * format, open it in Chromium's Performance panel), to see where the page spends a press.
 */
async function startProfile(page: Page) {
  const dir = process.env.BENCH_PAGE_PROFILE;
  if (!dir) return undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await cdp.send('Profiler.stop');
      const file = path.join(dir, `floor-map-presses-${Date.now()}.cpuprofile`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`  page profile: ${file}`);
    },
  };
}

export type NewAlertFigures = {
  presses: number;
  /** Post → the new tracker painted, for the presses whose tracker was painted before the map went. */
  painted: number[];
  /** Post → the router's push to /alerts (SPEC §2.2). */
  pushed: number[];
};

/**
 * Presses opening a NEW alert on the open floor (the spare tag, its alert closed after each): SPEC
 * §2.2 sends the console to /alerts, so this only notes whether the new tracker was painted before
 * the map went, and when, and when the push came. Back to the floor by the browser's history.
 */
export async function benchNewAlerts(
  page: Page,
  api: BenchApi,
  base: string,
  floor: BenchFloor,
  spare: { tag: string; gateway: string },
  count: number,
): Promise<NewAlertFigures> {
  await openFloor(page, base, floor);
  console.log(`  presses opening a new alert: ${count} …`);
  const figures: NewAlertFigures = { presses: 0, painted: [], pushed: [] };
  for (let i = 0; i < count; i++) {
    const sent = Date.now();
    const { alertId, status } = await api.press(spare.tag, spare.gateway);
    if (status !== 'created') throw new Error(`the spare tag's press was ${status}, not a new alert`);
    await page.waitForURL(/\/alerts$/);
    // The alerts screen shown: the floor's screen is gone (a push is a transition React may still be rendering).
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.locator(`article[aria-label^="Alert"]`).nth(OPEN_ALERTS).waitFor();
    const pushed = await pushedAt(page, sent, '/alerts');
    const frame = await firstFrame(page, { since: sent, tracker: `${alertId}:filled` });
    figures.presses++;
    if (pushed !== null) figures.pushed.push(pushed - sent);
    if (frame) figures.painted.push(frame.painted - sent);
    // As a person would: back to the floor, the new tracker on it; then the alert is closed.
    const back = Date.now();
    await page.goBack();
    await waitForFrame(page, { since: back, tracker: `${alertId}:filled` }, 'the new tracker, back');
    const closing = Date.now();
    await api.close(alertId);
    await waitForFrame(page, { since: closing, absent: alertId, markers: MARKERS }, 'the tracker gone');
  }
  return figures;
}

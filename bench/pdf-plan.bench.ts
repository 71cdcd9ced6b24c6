// A PDF plan's first page is drawn in a worker thread (apps/server/src/floorplans/pdf-page.ts): how
// long does the main thread, which carries the alert path, wait while it is drawn? Prints the
// event loop's longest and p99 delay during each draw, against an idle loop measured the same way.
// Run: npm run bench pdf-plan
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderPdfFirstPage } from '../apps/server/src/floorplans/pdf-page';
import { rectanglePdf } from '../apps/server/test/floorplans/pdf-fixtures';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
/** The alert path's budget for one wait behind other work (ARCHITECTURE §9: presses, 8 ms slices). */
const TARGET_MS = 100;

type Sample = { ms: number; maxDelayMs: number; p99DelayMs: number; pixels: number };

async function measure(work: () => Promise<number>): Promise<Sample> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const pixels = await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setImmediate(resolve));
  delay.disable();
  return { ms, maxDelayMs: delay.max / 1e6, p99DelayMs: delay.percentile(99) / 1e6, pixels };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pdf-bench-'));
  const pdf = path.join(dir, 'plan.pdf');
  fs.writeFileSync(pdf, rectanglePdf(2592, 1728, [200, 30, 30]));
  try {
    const idle = await measure(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return 0;
    });
    const draws: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const png = path.join(dir, `page-${i}.png`);
      draws.push(
        await measure(async () => {
          const { width, height } = await renderPdfFirstPage(pdf, png);
          return width * height;
        }),
      );
    }
    const worst = Math.max(...draws.map((d) => d.maxDelayMs));
    console.log('| run | draw (s) | pixels (MP) | loop delay max (ms) | loop delay p99 (ms) |');
    console.log('|---|---|---|---|---|');
    console.log(`| idle loop, 2 s | – | – | ${idle.maxDelayMs.toFixed(1)} | ${idle.p99DelayMs.toFixed(1)} |`);
    draws.forEach((d, i) =>
      console.log(
        `| ${i + 1} | ${(d.ms / 1000).toFixed(2)} | ${(d.pixels / 1e6).toFixed(1)} | ${d.maxDelayMs.toFixed(1)} | ${d.p99DelayMs.toFixed(1)} |`,
      ),
    );
    console.log(
      `\nlongest wait of the event loop during a draw: ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();

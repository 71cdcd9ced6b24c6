import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/app';

// Shared by the floor-plan tests: images made with sharp, multipart bodies, an instance that runs
// jobs on the shared test database, and polling a plan job.

/** A plan-like image: light background, dark walls on a grid, opaque. */
export async function planImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3, 235);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x % 50 < 3 || y % 40 < 3) raw.fill(40, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A multipart/form-data body holding one file part. */
export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = `----vigil${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  floorId: string,
  content: Buffer,
  filename = 'plan.png',
  field = 'floorplan',
) {
  const body = multipart(field, filename, content);
  return app.inject({
    method: 'POST',
    url: `/api/zones/${floorId}/plan/upload`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Another instance on the shared test database and storage, running jobs (the shared one runs none). */
export async function jobInstance(shared: FastifyInstance): Promise<FastifyInstance> {
  const app = await buildApp(shared.config, {
    database: shared.database,
    ownsDatabase: false,
    logger: false,
    jobs: true,
    escalation: false,
  });
  await app.ready();
  return app;
}

export type PlanStatus = {
  step: string;
  percent: number;
  isRunning: boolean;
  failReason?: string | null;
  result?: Record<string, unknown>;
};

export async function status(
  app: FastifyInstance,
  headers: Record<string, string>,
  floorId: string,
  job: string,
) {
  const res = await app.inject({ method: 'GET', url: `/api/zones/${floorId}/plan/status/${job}`, headers });
  if (res.statusCode !== 200) throw new Error(`status answered ${res.statusCode} ${res.body}`);
  return res.json() as PlanStatus;
}

/** Polls a plan job each 100 ms until it stops running (or `until` holds); answers every status seen. */
export async function pollJob(
  app: FastifyInstance,
  headers: Record<string, string>,
  floorId: string,
  job: string,
  until: (s: PlanStatus) => boolean = (s) => !s.isRunning,
  timeoutMs = 60_000,
): Promise<PlanStatus[]> {
  const seen: PlanStatus[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await status(app, headers, floorId, job);
    seen.push(s);
    if (until(s)) return seen;
    if (Date.now() > end) throw new Error(`job ${job} still ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Four corners (top-left, top-right, bottom-right, bottom-left) of a plan about `metres` wide, slightly skewed. */
export function corners(metres = 40, lng = -74.0, lat = 40.7): [number, number][] {
  const dLng = metres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const dLat = (metres * 0.75) / 110_540;
  return [
    [lng, lat + dLat],
    [lng + dLng, lat + dLat * 1.02],
    [lng + dLng * 0.97, lat],
    [lng + dLng * 0.03, lat + dLat * 0.01],
  ];
}

import { z } from 'zod';
import { PAGE_LIMIT } from '../constants';
import { isoDateSchema, jsonObjectSchema, listSchema } from '../contract/common';

/** SPEC §3 Console heartbeat: where the console is, who uses it, whether it runs installed. */
export const consoleHeartbeatSchema = z.object({
  href: z.string().nullable(),
  /** The signed-in caller (`key:<id>` and the key's name for an API-key session). */
  user: z.object({ id: z.string(), name: z.string() }),
  pwa: z.boolean(),
  /** The build hash the console runs. */
  hash: z.string(),
  updatedAt: z.string(),
});
export type ConsoleHeartbeat = z.infer<typeof consoleHeartbeatSchema>;

/** SPEC §3 Console: a browser profile identified by the UUID it keeps. */
export const consoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  config: jsonObjectSchema,
  state: jsonObjectSchema,
  heartbeat: consoleHeartbeatSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Console = z.infer<typeof consoleSchema>;
export const consoleListSchema = listSchema(consoleSchema);

/** SPEC §7 POST consoles/{id}/heartbeats, every 60 s (§9). */
export const consoleHeartbeatBodySchema = z.strictObject({
  hash: z.string().max(200),
  href: z.string().max(4096).optional(),
  pwa: z.boolean().optional(),
});
export type ConsoleHeartbeatBody = z.infer<typeof consoleHeartbeatBodySchema>;

/** PUT /api/consoles/{id}: rename, and config deep-merged (`null` removes a key). */
export const consoleUpdateBodySchema = z.strictObject({
  name: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'A console needs a name'))
    .optional(),
  config: jsonObjectSchema.optional(),
});
export type ConsoleUpdateBody = z.infer<typeof consoleUpdateBodySchema>;

/** A new console is named after the start of its id until someone renames it. */
export function defaultConsoleName(id: string): string {
  return `Console ${id.slice(0, 4)}`;
}

/** SPEC §7 GET /manifest.json?consoleId=&isCustom=&hostname= */
export const manifestQuerySchema = z.object({
  consoleId: z.string().max(100).optional(),
  isCustom: z.string().max(10).optional(),
  hostname: z.string().max(255).optional(),
});

const manifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.string().optional(),
});

/** A web-app manifest (W3C Web App Manifest) for installing the console (SPEC §2.3). */
export const webManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(manifestIconSchema),
});
export type WebManifest = z.infer<typeof webManifestSchema>;

/** SPEC §7 snapshots: the most a snapshot's `data` may weigh, serialised as JSON (UTF-8 bytes). */
export const CONSOLE_SNAPSHOT_MAX_BYTES = 64 * 1024;
/** SPEC §9: snapshot lists answer at most one page of 500, newest first. */
export const CONSOLE_SNAPSHOT_LIST_LIMIT = PAGE_LIMIT;

/** SPEC §7 POST consoles/{id}/snapshots {data, createdAt}; `createdAt` is the console's clock. */
export const consoleSnapshotBodySchema = z.strictObject({
  data: jsonObjectSchema.refine(
    (data) => new TextEncoder().encode(JSON.stringify(data)).length <= CONSOLE_SNAPSHOT_MAX_BYTES,
    `A snapshot holds at most ${CONSOLE_SNAPSHOT_MAX_BYTES / 1024} KB of data`,
  ),
  createdAt: isoDateSchema,
});
export type ConsoleSnapshotBody = z.infer<typeof consoleSnapshotBodySchema>;

export const consoleSnapshotCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });

/** SPEC §7 GET consoles/{id}/snapshots?from=&to=: bounds on the console's `createdAt`, inclusive. */
export const consoleSnapshotListQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ConsoleSnapshotListQuery = z.infer<typeof consoleSnapshotListQuerySchema>;

export const consoleSnapshotSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  receivedAt: z.string(),
});
export type ConsoleSnapshotSummary = z.infer<typeof consoleSnapshotSummarySchema>;
export const consoleSnapshotListSchema = z.object({
  data: z.array(consoleSnapshotSummarySchema),
  total: z.number().int(),
});

export const consoleSnapshotSchema = consoleSnapshotSummarySchema.extend({
  consoleId: z.string(),
  data: jsonObjectSchema,
});
export type ConsoleSnapshot = z.infer<typeof consoleSnapshotSchema>;

import type { FastifyReply } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  REPLACEMENT_TIMELINE_LABELS,
  batteryLevel,
  batteryMetadataLabel,
  replacementTimeline,
  type CollectionUrgency,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { distributionStations, tags } from '../db/schema';
import {
  exportFilename,
  exportTimeZone,
  listBatches,
  mapBatches,
  sendCsvExport,
  type CsvExportColumn,
} from '../platform/list/csv-export';
import { type Scope } from '../platform/scope';
import { locationNamesOf } from '../zones';

// SPEC §3 Tag, §4 flows, §7 Devices.

import { tagListRequest } from './tag-list-spec';
import type { Json } from './tag-rows';
import { objectOf } from './tag-rows';

/** What the export reads of a tag: the config whole, the few state fields it writes, the times. */
const EXPORT_FIELDS = {
  id: tags.id,
  zone_id: tags.zoneId,
  config: tags.config,
  mv: sql`${tags.state}->'battery'->'current'->'level'`,
  firmware: sql`${tags.state}->'firmware'`,
  lastSeen: sql`${tags.state}->'updatedAt'`,
  created_at: tags.createdAt,
  updated_at: tags.updatedAt,
};
/** A tag as the export reads it (JSON values), then its location path and station name. */
type ExportRow = {
  id: string;
  zone_id: string | null;
  config: Json;
  mv: unknown;
  firmware: unknown;
  lastSeen: unknown;
  created_at: string;
  updated_at: string;
  location: string;
  stationName: string;
};

const ownerOf = (r: ExportRow) => objectOf(r.config.owner);
const collectionOf = (r: ExportRow) => objectOf(r.config.collection);
const firmwareOf = (r: ExportRow) => objectOf(r.firmware);
const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);

function replacementOf(r: ExportRow, now: Date): string | null {
  const c = collectionOf(r);
  if (c.urgency !== 0 && c.urgency !== 1 && c.urgency !== 2) return null;
  const at = new Date(typeof c.at === 'string' ? c.at : r.updated_at);
  const timeline = replacementTimeline({ urgency: c.urgency as CollectionUrgency, at }, now);
  return timeline ? REPLACEMENT_TIMELINE_LABELS[timeline] : null;
}

function tagExportColumns(now: Date): CsvExportColumn<ExportRow>[] {
  return [
    { header: 'Tag', value: (r) => r.id },
    { header: 'State', value: (r) => scalar(r.config.state) },
    { header: 'Owner', value: (r) => scalar(ownerOf(r).name) },
    { header: 'Person ID', value: (r) => scalar(ownerOf(r).personId) },
    { header: 'Label', value: (r) => scalar(r.config.label) },
    { header: 'SKU', value: (r) => scalar(objectOf(r.config.logistics).sku) },
    { header: 'Barcode', value: (r) => scalar(objectOf(r.config.logistics).barcode) },
    { header: 'Battery (mV)', value: (r) => (typeof r.mv === 'number' ? r.mv : null) },
    { header: 'Battery level', value: (r) => batteryLevel(r.mv) },
    { header: 'Battery', value: (r) => batteryMetadataLabel(r.mv) },
    { header: 'Firmware app', value: (r) => scalar(firmwareOf(r).app) },
    { header: 'Firmware boot', value: (r) => scalar(firmwareOf(r).boot) },
    { header: 'Last seen', date: (r) => scalar(r.lastSeen) },
    { header: 'Location', value: (r) => r.location },
    { header: 'Collection reason', value: (r) => scalar(collectionOf(r).reason) },
    { header: 'Collection urgency', value: (r) => scalar(collectionOf(r).urgency) },
    { header: 'Collection asked', date: (r) => scalar(collectionOf(r).at) },
    { header: 'Replacement', value: (r) => replacementOf(r, now) },
    { header: 'Maintenance mode', value: (r) => r.config.maintMode === true },
    { header: 'Mode', value: (r) => scalar(r.config.mode) },
    { header: 'Station', value: (r) => r.stationName },
    { header: 'Invoice zone', value: (r) => scalar(r.config.invoiceZone) },
    { header: 'Created', date: (r) => r.created_at },
    { header: 'Updated', date: (r) => r.updated_at },
  ];
}

/**
 * GET /api/tags/export.csv: the list's filters, search and order as a streamed CSV (SPEC §9: more than
 * 100,000 rows is a 400 asking for filters). `tz` names the time zone of the dates, `bom=1` adds a BOM.
 */
export async function exportTags(db: Db, scope: Scope, query: Json, reply: FastifyReply) {
  const req = tagListRequest(scope, query);
  const timeZone = exportTimeZone(query.tz);
  const batches = await listBatches(db, tags, req.spec, req.parsed, req.where, EXPORT_FIELDS);
  const stations = new Map(
    (
      await db
        .select({ id: distributionStations.id, name: distributionStations.name })
        .from(distributionStations)
        .where(eq(distributionStations.orgId, scope.orgId))
    ).map((s) => [s.id, s.name]),
  );
  // Zones are few next to tags: each path is read once per export.
  const paths = new Map<string, string>();
  return sendCsvExport<ExportRow>(reply, {
    filename: exportFilename('tags'),
    columns: tagExportColumns(new Date()),
    timeZone,
    bom: query.bom === '1' || query.bom === 'true',
    batches: mapBatches(batches, async (rows) => {
      const unknown = [
        ...new Set(
          rows.map((r) => r.zone_id).filter((z): z is string => typeof z === 'string' && !paths.has(z)),
        ),
      ];
      if (unknown.length) {
        for (const [zoneId, names] of await locationNamesOf(db, unknown)) paths.set(zoneId, names.path ?? '');
      }
      for (const r of rows as ExportRow[]) {
        r.location = typeof r.zone_id === 'string' ? (paths.get(r.zone_id) ?? '') : '';
        r.stationName = stations.get(String(objectOf(r.config).station)) ?? '';
      }
      return rows as ExportRow[];
    }),
  });
}

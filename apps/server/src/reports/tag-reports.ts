import { sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_URGENCY_LABELS,
  REPLACEMENT_TIMELINES,
  REPLACEMENT_TIMELINE_LABELS,
  notSeenBefore,
  replacementOverdueBefore,
  replacementTimeline,
  type CollectionUrgency,
  type ReportTagRow,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { tags } from '../db/schema';
import type { CsvExportColumn } from '../platform/list/csv-export';
import {
  isoOrNull,
  locationPaths,
  numberOf,
  objectOf,
  textOf,
  type LocationPaths,
  type ReportKind,
  type SourceRow,
} from './report-kind';
import type { ReportRequest } from './report-request';
import { flaggedAtSql, flaggedAtText, lastSeenSql, reasonSql, timeCompare, urgencySql } from './report-sql';

// SPEC §2.1 Missing Tags, tags flagged for collection and the Tag Replacement Timeline (§3, §4).

const iso = (d: Date) => d.toISOString();
const num = (n: number) => sql.raw(String(n));
const columns = {
  id: tags.id,
  zoneId: tags.zoneId,
  orgId: tags.orgId,
  config: tags.config,
  state: tags.state,
};

/** config.collection.at inside the range: when the tag's problem began. */
const flaggedIn = (req: ReportRequest) =>
  sql`${timeCompare(flaggedAtText, flaggedAtSql, '>=', req.start)} and ${timeCompare(flaggedAtText, flaggedAtSql, '<=', req.end)}`;

/** The options that narrow flagged tags: one urgency, one reason. */
function flaggedOptions(req: ReportRequest): SQL[] {
  const parts: SQL[] = [];
  if (req.urgency !== undefined) parts.push(sql`${urgencySql} = ${num(req.urgency)}`);
  if (req.reason) parts.push(sql`${reasonSql} = ${req.reason}`);
  return parts;
}

/** SPEC §4 replacement timeline in SQL, for tags of urgency 0 or 1 (domain `replacementOverdueBefore`). */
function timelineSql(req: ReportRequest): SQL {
  const overdueBefore = replacementOverdueBefore(req.now);
  return sql`(case when ${urgencySql} = 0 or ${timeCompare(flaggedAtText, flaggedAtSql, '<', overdueBefore)} then 'overdue' else 'soon' end)`;
}

async function tagRows(
  db: Db,
  req: ReportRequest,
  rows: SourceRow[],
  cache?: LocationPaths,
): Promise<ReportTagRow[]> {
  const paths = await locationPaths(
    db,
    rows.map((r) => r.zoneId),
    cache,
  );
  return rows.map((r) => {
    const collection = objectOf(r.config.collection);
    const urgency = collection.urgency;
    const flaggedAt = isoOrNull(collection.at);
    const known = urgency === 0 || urgency === 1 || urgency === 2;
    const timeline =
      known && flaggedAt
        ? replacementTimeline({ urgency: urgency as CollectionUrgency, at: new Date(flaggedAt) }, req.now)
        : undefined;
    return {
      id: r.id,
      label: textOf(r.config.label),
      owner: textOf(objectOf(r.config.owner).name),
      location: (r.zoneId && paths.get(r.zoneId)) || null,
      zoneId: r.zoneId,
      lastSeen: isoOrNull(r.state.updatedAt),
      batteryMv: numberOf(objectOf(objectOf(r.state.battery).current).level),
      reason: textOf(collection.reason),
      urgency: known ? (urgency as number) : null,
      flaggedAt,
      timeline: timeline ?? null,
    };
  });
}

const urgencyLabel = (r: ReportTagRow) =>
  r.urgency === null ? null : COLLECTION_URGENCY_LABELS[r.urgency as CollectionUrgency];
const timelineLabel = (r: ReportTagRow) => (r.timeline ? REPLACEMENT_TIMELINE_LABELS[r.timeline] : null);

const TAG: CsvExportColumn<ReportTagRow>[] = [
  { header: 'Tag', value: (r) => r.id },
  { header: 'Label', value: (r) => r.label },
  { header: 'Owner', value: (r) => r.owner },
  { header: 'Location', value: (r) => r.location },
];
const LAST_SEEN: CsvExportColumn<ReportTagRow> = { header: 'Last seen', date: (r) => r.lastSeen };
const FLAGGED: CsvExportColumn<ReportTagRow>[] = [
  { header: 'Urgency', value: urgencyLabel },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Flagged', date: (r) => r.flaggedAt },
];

/** Missing Tags: last heard inside the range, and silent for longer than `periodDays` (domain `notSeen`). */
export const tagsNotSeen: ReportKind<ReportTagRow> = {
  table: tags,
  columns,
  // Both bounds on the last seen text, so tags_org_last_seen_idx reads one range.
  where: (req) => sql`${lastSeenSql} >= ${iso(req.start)} and ${lastSeenSql} <= ${iso(req.end)}
    and ${lastSeenSql} < ${iso(notSeenBefore(req.now, req.periodDays))}`,
  order: () => ({ lastSeen: lastSeenSql }),
  rows: tagRows,
  csvColumns: [...TAG, LAST_SEEN, { header: 'Battery (mV)', value: (r) => r.batteryMv }],
};

/** Tags flagged for collection inside the range (config.collection.at), by urgency (SPEC §3). */
export const tagsFlagged: ReportKind<ReportTagRow> = {
  table: tags,
  columns,
  // The urgency first, so tags_org_urgency_idx reads the flagged tags only.
  where: (req) =>
    sql.join([sql`${urgencySql} in (0, 1, 2)`, flaggedIn(req), ...flaggedOptions(req)], sql` and `),
  by: { keys: () => ['0', '1', '2'], sql: () => sql`(${urgencySql})::int::text` },
  // The flagging time's text: it sorts as time in the form the server stamps, and a stable order is
  // all paging needs; no row is read as a time to be sorted.
  order: () => ({ urgency: urgencySql, flaggedAt: flaggedAtText }),
  rows: tagRows,
  csvColumns: [...TAG, ...FLAGGED, LAST_SEEN],
};

/** Tag Replacement Timeline: the flagged tags of urgency 0 and 1 on the SPEC §4 timeline (as of now). */
export const tagsReplacement: ReportKind<ReportTagRow> = {
  table: tags,
  columns,
  where: (req) => {
    const parts = [sql`${urgencySql} in (0, 1)`, flaggedIn(req), ...flaggedOptions(req)];
    if (req.timeline) parts.push(sql`${timelineSql(req)} = ${req.timeline}`);
    return sql.join(parts, sql` and `);
  },
  by: { keys: () => REPLACEMENT_TIMELINES, sql: timelineSql },
  order: (req) => ({ timeline: timelineSql(req), flaggedAt: flaggedAtText }),
  rows: tagRows,
  csvColumns: [...TAG, { header: 'Timeline', value: timelineLabel }, ...FLAGGED, LAST_SEEN],
};

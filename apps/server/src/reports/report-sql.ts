import { sql, type SQL } from 'drizzle-orm';
import { DIAGNOSTICS_PASS_PERCENT } from '@vigil/domain';
import { gateways, tags } from '../db/schema';
import { diagnosticsReading, type DiagnosticsCheck } from '../gateways';
import { tagSql } from '../tags';

// The SQL of the tag and gateway fields the reports read. The last seen is the tags' stored column
// `last_seen` (covered by tags_org_last_seen_idx); the urgency is the tags area's own expression
// (tagSql), which PostgreSQL matches to tags_org_urgency_idx only when written the same way —
// test/reports/report-indexes.test.ts compares the two, so a drift fails a test.

/** state.updatedAt, the tag's last seen, as the ISO text ingest writes (sorts as time): a stored column. */
export const lastSeenSql: SQL = sql`${tags.lastSeen}`;

/** config.collection.urgency as numeric; null when absent or not a number. */
export const urgencySql: SQL = tagSql.collectionUrgency(tags.config);

/** An ISO time kept as JSON text, read as a time; null when it is not one (never a cast error). */
const timeOf = (text: SQL) =>
  sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}T' then ${text}::timestamptz end)`;

/** config.collection.at (when the tag was flagged), as stored: an ISO time, with any UTC offset. */
export const flaggedAtText: SQL = sql`(${tags.config} #>> '{collection,at}')`;
/** config.collection.at as a time; null when absent or not an ISO time. */
export const flaggedAtSql: SQL = timeOf(flaggedAtText);

export const reasonSql: SQL = sql`(${tags.config} #>> '{collection,reason}')`;

/** A gateway's last update (state.updatedAt), as ingest writes it: UTC ISO text, which sorts as time. */
export const lastUpdateText: SQL = sql`(${gateways.state}->>'updatedAt')`;
/** A gateway's last update as a time; null when unreadable. */
export const lastUpdateSql: SQL = timeOf(lastUpdateText);

const DAY_MS = 86_400_000;
/**
 * `time` (of the ISO `text`) compared with `at`. Reading text as a time costs more than the rest of
 * a report's condition, so a text test comes first: an ISO time's text is its local time, less than
 * a day from UTC whatever its offset, so a day's margin keeps every row the exact test keeps, and
 * only the rows near the bound are read as times.
 */
export function timeCompare(text: SQL, time: SQL, op: '>=' | '<=' | '<', at: Date): SQL {
  const margin = new Date(at.getTime() + (op === '>=' ? -DAY_MS : DAY_MS)).toISOString();
  const rough = op === '>=' ? sql`>=` : sql`<=`;
  return sql`(${text} collate "C" ${rough} ${margin} and ${time} ${sql.raw(op)} ${at.toISOString()}::timestamptz)`;
}

export const gatewayStateSql: SQL = sql`(${gateways.config}->>'state')`;

export type { DiagnosticsCheck };
export const DIAGNOSTICS_CHECKS = Object.keys(DIAGNOSTICS_PASS_PERCENT) as DiagnosticsCheck[];

/** A heartbeat's diagnostics reading of `check` (percent), as the gateway metrics read it. */
export const readingSql = diagnosticsReading;

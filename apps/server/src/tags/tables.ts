import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tagSql } from './tag-sql';
import { timestamps } from '../platform/db/columns';
import { zones } from '../platform/db/tables';

/** SPEC §3 Tag. Its id is the 12-hex lower-case MAC; `zone_id` mirrors config.location. */
export const tags = pgTable(
  'tags',
  {
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => zones.id),
    zoneId: uuid('zone_id').references(() => zones.id),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
    /**
     * state.updatedAt, the last seen, as stored text kept by PostgreSQL itself: the list's sort and
     * Missing Tags read it from the covering index below without touching the rows (issue 18: an
     * expression index cannot answer a count of 86,000 rows from the index alone).
     */
    lastSeen: text('last_seen').generatedAlwaysAs(tagSql.lastSeen(sql.identifier('state') as never)),
    /** What the list's `query` searches (`tagSql.searchText`), kept by PostgreSQL itself. */
    search: text('search').generatedAlwaysAs(
      tagSql.searchText(sql.identifier('id') as never, sql.identifier('config') as never),
    ),
  },
  (t) => [
    index('tags_zone_idx').on(t.zoneId),
    // The tag list at scale (bench/lists.bench.ts): `query` through trigram indexes (pg_trgm),
    // each sort key after the organisation, the id last as the list's tie-break. Every tag query is
    // scoped by organisation, so the organisation leads (0006 replaced the state and org indexes of 0005).
    // A trigram index's pending list is merged by the write that fills it: at 4 MB (the default) a
    // large tag batch now and then stalls on the merge, holding embedded PGlite's one thread; 1 MB
    // keeps each merge short (0007, docs/BENCHMARKS.md).
    index('tags_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 1024 }),
    index('tags_org_owner_name_idx').on(t.orgId, tagSql.ownerNameSort(t.config), t.id),
    index('tags_org_label_idx').on(t.orgId, tagSql.label(t.config), t.id),
    index('tags_org_state_idx').on(t.orgId, tagSql.state(t.config), t.id),
    index('tags_org_battery_idx').on(t.orgId, tagSql.batteryMv(t.state), t.id),
    // Missing Tags counts per zone from this index alone (org, last seen range, then the zone).
    index('tags_org_last_seen_idx').on(t.orgId, t.lastSeen, t.id, t.zoneId),
    index('tags_org_urgency_idx').on(t.orgId, tagSql.collectionUrgency(t.config), t.id),
    // The organisation's ids in order, from the index alone (a count, a deep offset page).
    index('tags_org_id_idx').on(t.orgId, t.id),
    // Issue 20: an organisation's responders (a few hundred of its tens of thousands of tags), for
    // the nearest responders of an alert; its predicate is responders/responder-rows.ts's filter.
    index('tags_org_responder_idx')
      .on(t.orgId, t.id)
      .where(sql`(${t.config}->>'mode') = 'responder'`),
    // Issue 22: the tags of a box and of an order, as the warehouse's scans find them (WAREHOUSE.md).
    index('tags_logistics_box_idx')
      .on(sql`(${t.config}->'logistics'->>'barcode')`)
      .where(sql`(${t.config}->'logistics'->>'barcode') is not null`),
    index('tags_logistics_order_idx')
      .on(sql`(${t.config}->'logistics'->>'order')`)
      .where(sql`(${t.config}->'logistics'->>'order') is not null`),
  ],
);

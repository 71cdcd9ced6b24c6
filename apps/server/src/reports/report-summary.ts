import { sql } from 'drizzle-orm';
import type { ReportSummary } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { zones } from '../db/schema';
import { kindOf } from './kinds';
import { reportWhere } from './report-kind';
import type { ReportRequest } from './report-request';

type CountRow = { child: string | null; name: string | null; k: string | null; n: number };

/**
 * A report's summary: its rows counted per child zone of the chosen zone (the child on each row's
 * zone path right after the chosen zone; rows placed on the chosen zone itself, or unlocated rows of
 * an organisation, count under the chosen zone), and per `by` key where the report has one. The
 * rows are counted per located zone first (one index range of the report's condition), then the
 * few zones are placed under the children.
 */
export async function reportSummary(db: Db, req: ReportRequest): Promise<ReportSummary> {
  const kind = kindOf(req.type);
  const zoneId = kind.columns.zoneId;
  const by = kind.by ? kind.by.sql(req) : sql`null::text`;
  const result = (await db.execute(sql`
    with hits as (
      select ${zoneId} as zone_id, ${by} as k, count(*)::int as n
      from ${kind.table} where ${reportWhere(kind, req)}
      group by 1, 2
    ), placed as (
      select z.path[array_position(z.path, ${req.zone.id}::uuid) + 1] as child, hits.k, hits.n
      from hits left join ${zones} z on z.id = hits.zone_id
    )
    select p.child, c.name, p.k, sum(p.n)::int as n
    from placed p left join ${zones} c on c.id = p.child
    group by p.child, c.name, p.k`)) as unknown as { rows: CountRow[] };

  const keys = kind.by?.keys(req) ?? [];
  const emptyBy = () => (keys.length ? Object.fromEntries(keys.map((k) => [k, 0])) : undefined);
  const lines = new Map<string, ReportSummary['counts'][number]>();
  const overall = emptyBy();
  let total = 0;
  for (const r of result.rows) {
    const n = Number(r.n);
    const zone =
      r.child && r.name !== null ? { id: r.child, name: r.name } : { id: req.zone.id, name: req.zone.name };
    let line = lines.get(zone.id);
    if (!line) {
      const lineBy = emptyBy();
      line = { zone, count: 0, ...(lineBy ? { by: lineBy } : {}) };
      lines.set(zone.id, line);
    }
    line.count += n;
    total += n;
    if (r.k !== null && line.by && overall) {
      line.by[r.k] = (line.by[r.k] ?? 0) + n;
      overall[r.k] = (overall[r.k] ?? 0) + n;
    }
  }
  // The chosen zone's own line first, then its children by name.
  const counts = [...lines.values()].sort(
    (a, b) =>
      Number(b.zone.id === req.zone.id) - Number(a.zone.id === req.zone.id) ||
      a.zone.name.localeCompare(b.zone.name),
  );
  return {
    type: req.type,
    zone: { id: req.zone.id, name: req.zone.name },
    start: req.start.toISOString(),
    end: req.end.toISOString(),
    total,
    ...(overall ? { by: overall } : {}),
    counts,
  };
}

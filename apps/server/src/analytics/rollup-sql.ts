import { sql, type SQL } from 'drizzle-orm';
import { coverWithMonths } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { AnalyticsRequest } from './analytics-query';

/** The rows of a query. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function modes(req: AnalyticsRequest): SQL {
  return req.includeTest ? sql`` : sql` and r.mode <> 'test'`;
}

/** Day rows `r` of the request's days and modes (test alerts only when asked), for series by period. */
export function dayRows(req: AnalyticsRequest): SQL {
  return sql`r.org_id = ${req.orgId}::uuid and r.grain = 'day'
    and r.day between ${req.firstDay}::date and ${req.lastDay}::date${modes(req)}`;
}

/** Rows `r` whose sum is the request's days' total: whole months from month rows, the rest from day rows. */
export function totalRows(req: AnalyticsRequest): SQL {
  const cover = coverWithMonths(req.firstDay, req.lastDay);
  const parts = cover.days.map(
    ([first, last]) => sql`(r.grain = 'day' and r.day between ${first}::date and ${last}::date)`,
  );
  if (cover.months) {
    const [first, last] = cover.months;
    parts.push(sql`(r.grain = 'month' and r.day between ${first}::date and ${last}::date)`);
  }
  return sql`r.org_id = ${req.orgId}::uuid and (${sql.join(parts, sql` or `)})${modes(req)}`;
}

/** The first day (YYYY-MM-DD) of the `interval` a day row falls in (ISO weeks: Monday). */
export function periodSql(interval: string): SQL {
  return sql`to_char(date_trunc(${interval}, r.day::timestamp), 'YYYY-MM-DD')`;
}

import type { AnalyticsRequest } from './analytics-query';

/** A child zone of the chosen one and its closed alerts in the range. */
export type ChildCount = { id: string; name: string; alerts: number };

/** What an answer covers: the organisation's local days, as instants, and its time zone. */
export function answerBounds(req: AnalyticsRequest): { start: string; end: string; timeZone: string } {
  return {
    start: req.from.toISOString(),
    end: new Date(req.until.getTime() - 1).toISOString(),
    timeZone: req.timeZone,
  };
}

/**
 * Counts per child of the chosen zone (each child's rows hold its subtree), then the chosen zone
 * itself for the alerts placed on it directly (its rows' total less its children's), most first.
 * `open` adds alerts not yet closed, by child (null: the chosen zone itself).
 */
export function locationCounts(
  req: AnalyticsRequest,
  zoneTotal: number,
  children: readonly ChildCount[],
  open: ReadonlyMap<string | null, number> = new Map(),
): { zone: { id: string; name: string }; count: number }[] {
  const rows = children.map((c) => ({
    zone: { id: c.id, name: c.name },
    count: c.alerts + (open.get(c.id) ?? 0),
  }));
  const own = zoneTotal - children.reduce((n, c) => n + c.alerts, 0) + (open.get(null) ?? 0);
  if (own > 0) rows.push({ zone: { id: req.zone.id, name: req.zone.name }, count: own });
  return rows.sort((a, b) => b.count - a.count || a.zone.name.localeCompare(b.zone.name));
}

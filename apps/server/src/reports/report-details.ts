import type { ReportDetails } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { runList, type ListSpec, type ParsedList } from '../platform/list/list';
import { kindOf } from './kinds';
import { reportWhere, type ReportKind, type ReportRow, type SourceRow } from './report-kind';
import type { ReportRequest } from './report-request';

/**
 * The details' order as the list engine's spec and parsed query: the report's sort keys ascending,
 * the id last, so the details page and the CSV export walk the same order (and the export its
 * keyset cursor).
 */
export function reportList(
  kind: ReportKind<ReportRow>,
  req: ReportRequest,
  page: { limit: number; offset: number },
): { spec: ListSpec; parsed: ParsedList } {
  const sortable = kind.order(req);
  const names = Object.keys(sortable);
  return {
    spec: { fields: {}, sortable, defaultOrder: names.join(','), idColumn: kind.columns.id },
    parsed: {
      limit: page.limit,
      offset: page.offset,
      order: names.map((name) => ({ name, desc: false })),
      terms: [],
      filters: [],
    },
  };
}

/** A page of a report's details (SPEC §7: 500 a page) and how many rows the report holds. */
export async function reportDetails(
  db: Db,
  req: ReportRequest,
  page: { limit: number; offset: number },
): Promise<ReportDetails> {
  const kind = kindOf(req.type);
  const { spec, parsed } = reportList(kind, req, page);
  // Ids first: a deep offset skips index entries, not whole rows. (Counting in the page's own query,
  // `countInPage`, measured slower: its fence carries config and state through the sort.)
  const { data, total } = await runList<SourceRow>(db, kind.table, spec, parsed, reportWhere(kind, req), {
    idsFirst: true,
  });
  return {
    type: req.type,
    zone: { id: req.zone.id, name: req.zone.name },
    total,
    data: await kind.rows(db, req, data),
  };
}

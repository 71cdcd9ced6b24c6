import type { ReportType } from '@vigil/domain';
import { disconnectedGateways } from './gateway-report';
import type { ReportKind, ReportRow } from './report-kind';
import { tagsFlagged, tagsNotSeen, tagsReplacement } from './tag-reports';

const KINDS = { tagsNotSeen, tagsFlagged, tagsReplacement, disconnectedGateways };

/**
 * The report of a type. Each reads its own row type; the operations treat them alike (a kind's
 * CSV columns are only ever given the rows its own `rows` made).
 */
export function kindOf(type: ReportType): ReportKind<ReportRow> {
  return KINDS[type] as unknown as ReportKind<ReportRow>;
}

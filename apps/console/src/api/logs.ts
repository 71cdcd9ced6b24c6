import { areaList, listKeys, type ListPageState } from './lists';

export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  /** One page of a log, as DataTable keys it. */
  list: (log: LogName, page: ListPageState) => listKeys.page(LOGS[log], page),
};

/** SPEC §7 GET log/audit?id=&query=&includeDetails=true&orderBy=at (list contract). */
export const AUDIT_LOG_API = areaList(logKeys.lists(), 'log/audit');
/** The batch operations log. */
export const BATCH_LOG_API = areaList(logKeys.lists(), 'log/batch');
/** The sync log: commands and configurations pushed to gateways. */
export const SYNC_LOG_API = areaList(logKeys.lists(), 'log/sync');

const LOGS = { audit: AUDIT_LOG_API, batch: BATCH_LOG_API, sync: SYNC_LOG_API };
export type LogName = keyof typeof LOGS;

/** SPEC §7 GET log/audit?id=&query=&includeDetails=true&orderBy=at (list contract). */
export const AUDIT_LOG_API = 'log/audit';
/** The batch operations log (issue 6). */
export const BATCH_LOG_API = 'log/batch';
/** The sync log: commands and configurations pushed to gateways (issue 6). */
export const SYNC_LOG_API = 'log/sync';

// The retention area's face (issue 19): the run the daily job and `vigil retention run` make.
export {
  RETENTION_ACTOR,
  RetentionRefused,
  runRetention,
  type RetentionOrgReport,
  type RetentionReport,
  type RetentionRunOptions,
} from './run-retention';
export { RETENTION_JOB, nextRetentionRun, scheduleRetention } from './daily-job';
export { RETENTION_USAGE, formatRetentionReport, retentionCommand } from './retention-cli';

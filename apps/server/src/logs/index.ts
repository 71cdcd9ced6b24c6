export { syncEntryOf } from './sync-log';

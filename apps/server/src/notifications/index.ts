export { NotificationWorker } from './worker';
export { channelSettingsFrom } from './settings';

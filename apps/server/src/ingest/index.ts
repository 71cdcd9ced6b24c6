export { pruneButtonEvents } from './prune';

export { pruneButtonEvents } from './prune';
export { authenticateGatewayKey, type GatewayKey } from './gateway-keys';
export { buttonEventsWaiting } from './batcher';

export { findGateway } from './get-gateway';
export { updateGateway } from './update-gateway';
export { diagnosticsReading, type DiagnosticsCheck } from './gateway-metrics';
export { toGateway } from './gateway-rows';

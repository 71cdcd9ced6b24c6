export { findGateway } from './get-gateway';
export { updateGateway } from './update-gateway';

// The warehouse area's face to other areas (issue 22): the orders area releases a cancelled
// order's devices with this.
export { releaseOrderDevices, type ReleasedOrder } from './release';

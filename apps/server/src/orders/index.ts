// The orders area's face to other areas (issue 22): the warehouse kiosk will move orders through
// picking, qc and shipped with these.
export { findOrder } from './write-order';
export { toOrder, type OrderRow } from './order-rows';

// The responders area's face to other areas (issue 20).
export { loadResponders, toResponder, type ResponderRow } from './responder-rows';

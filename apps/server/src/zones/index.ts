export { findZone, findZones } from './zones';
export { updateZone } from './zone-writes';
export {
  INVENTORY_ORG_SLUG,
  LOCATION_FIELDS,
  locationFieldsOf,
  locationInScope,
  locationNamesOf,
  locationPathSql,
  pickLocation,
  type LocationField,
} from './locations';

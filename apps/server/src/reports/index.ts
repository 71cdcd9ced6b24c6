// The reports area's face to other areas: the zones route's SPEC §7 `report.type` alias.
export { zoneReport } from './zone-report';

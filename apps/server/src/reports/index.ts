// The reports area's face to other areas: the zones route's SPEC §7 `report.type` alias.
export { zoneReport } from './zone-report';
// The CLI's export-to-postgres: the installed report routines follow the data.
export { copyRoutines } from './routine-install';

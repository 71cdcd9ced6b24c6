// What other areas may use of markers: the table is reached through db/schema; no operation is
// shared yet.
export type { MarkerRow } from './marker-rows';

// The data model: every area keeps its own tables in <area>/tables.ts; this file gathers them for
// drizzle-kit and for the areas that read another area's table.
export * from '../platform/db/tables';
export * from '../roles/tables';
export * from '../users/tables';
export * from '../auth/tables';
export * from '../keys/tables';
export * from '../tags/tables';
export * from '../gateways/tables';
export * from '../consoles/tables';
export * from '../alerts/tables';
export * from '../ingest/tables';
export * from '../people/tables';
export * from '../stations/tables';
export * from '../logs/tables';
export * from '../floorplans/tables';
export * from '../markers/tables';
export * from '../notifications/tables';
export * from '../video/tables';
export * from '../analytics/tables';
export * from '../sightings/tables';
export * from '../assets/tables';
export * from '../home-visits/tables';
export * from '../orders/tables';
export * from '../scratch-lists/tables';
export * from '../warehouse/tables';

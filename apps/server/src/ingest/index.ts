export { ingestRoutes } from './routes';
export { pruneButtonEvents } from './ingest';

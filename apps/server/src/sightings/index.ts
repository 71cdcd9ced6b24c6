export { positionsOf, movesOf, type TagPosition, type TagMove } from './positions';
export { pruneSightings, SIGHTING_BATCH_DEDUPE_MS } from './prune';

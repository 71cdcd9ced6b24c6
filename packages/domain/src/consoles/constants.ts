// SPEC §9 Time: the console's own timings (§2.6 Nav bar, §7 Consoles).

/** SPEC §2.6, §9: console name refresh. */
export const CONSOLE_NAME_REFRESH_MS = 60_000;
/** SPEC §7, §9: console heartbeat. */
export const HEARTBEAT_MS = 60_000;
/** SPEC §7, §9: console snapshot debounce. */
export const SNAPSHOT_DEBOUNCE_MS = 1000;
/** SPEC §7: at most 100 snapshots are buffered. */
export const SNAPSHOT_BUFFER_MAX = 100;

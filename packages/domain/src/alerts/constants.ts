// SPEC §9 Time: the alert list's timings (§4 Alerts, §7 Alerts, §8 Alert refresh failure).

/** SPEC §7: alert list refresh dispatched every 2 s. */
export const ALERT_REFRESH_MS = 2000;
/** SPEC §8, §9: alert refresh counts as failed (app disconnected) after 10 s without a good refresh. */
export const ALERT_REFRESH_FAILED_AFTER_MS = 10_000;
/** SPEC §4, §9: an acknowledgement is held locally for 30 s, then resets. */
export const ACK_HOLD_MS = 30_000;
/** SPEC §7, §9: POST log/alerts/error is debounced 10 s. */
export const ERROR_REPORT_DEBOUNCE_MS = 10_000;

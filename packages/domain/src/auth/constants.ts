// SPEC §9 Time: the session's timings (§2.6, §4 Session, §7 Auth and session).

/** SPEC §4, §9: idle time before the sign-out countdown starts. */
export const IDLE_TIMEOUT_S = 840;
/** SPEC §4, §9: sign-out countdown after the idle timeout. */
export const IDLE_COUNTDOWN_S = 60;
/** SPEC §9: 900 s from the last activity to sign-out. */
export const IDLE_TOTAL_S = IDLE_TIMEOUT_S + IDLE_COUNTDOWN_S;
/** SPEC §7, §9: GET auth/token timeout. */
export const TOKEN_REFRESH_TIMEOUT_MS = 60_000;
/**
 * SPEC §2.6, §7, §9: the 'Login to mobile' QR code (and its one-time token) is valid 60 s
 * (mobile-login.ts MOBILE_QR_TTL_MS).
 */
export const MOBILE_LOGIN_QR_LIFETIME_S = 60;

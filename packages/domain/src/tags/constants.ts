// SPEC §9 Battery and SPEC §4's unflag threshold, in millivolts.

/** SPEC §9: healthy is at or above this. */
export const BATTERY_HEALTHY_MIN_MV = 2800;
/** SPEC §9: low is from this up to below BATTERY_HEALTHY_MIN_MV. */
export const BATTERY_LOW_MIN_MV = 2600;
/** SPEC §9: depleted is from this up to below BATTERY_LOW_MIN_MV (dead or dying). */
export const BATTERY_DEPLETED_MIN_MV = 0;
/**
 * SPEC §9: a low battery is estimated to last under this many months.
 * Said beside a low battery (`batteryLifeText`: the tag's detail, "Battery life").
 */
export const BATTERY_LOW_ESTIMATE_MONTHS = 3;
/** SPEC §9: the tag-metadata reading labels 'Low' from this and 'Unhealthy' below it. */
export const BATTERY_METADATA_LOW_MIN_MV = 2700;
/** SPEC §4: unflag needs every battery strictly above this. */
export const UNFLAG_BATTERY_ABOVE_MV = 2800;

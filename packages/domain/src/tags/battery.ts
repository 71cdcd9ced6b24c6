import {
  BATTERY_DEPLETED_MIN_MV,
  BATTERY_HEALTHY_MIN_MV,
  BATTERY_LOW_ESTIMATE_MONTHS,
  BATTERY_LOW_MIN_MV,
  BATTERY_METADATA_LOW_MIN_MV,
} from './constants';
import type { BatteryLevel } from './enums';

/** The battery levels a voltage alone can give; 'unstable' needs more than one reading. */
export type VoltageBatteryLevel = Extract<BatteryLevel, 'healthy' | 'low' | 'depleted' | 'unknown'>;

export const BATTERY_METADATA_LABELS = ['Healthy', 'Low', 'Unhealthy', 'Unknown'] as const;
export type BatteryMetadataLabel = (typeof BATTERY_METADATA_LABELS)[number];

function isReading(mV: unknown): mV is number {
  return typeof mV === 'number' && Number.isFinite(mV);
}

/**
 * SPEC §9 Battery: healthy ≥ 2800 mV, low 2600 to < 2800, depleted 0 to < 2600.
 * Anything else (not a finite number, or negative) is unknown.
 */
export function batteryLevel(mV: unknown): VoltageBatteryLevel {
  if (!isReading(mV) || mV < BATTERY_DEPLETED_MIN_MV) return 'unknown';
  if (mV >= BATTERY_HEALTHY_MIN_MV) return 'healthy';
  return mV >= BATTERY_LOW_MIN_MV ? 'low' : 'depleted';
}

/**
 * SPEC §9 Battery, tag-metadata reading: 'Low' from 2700 to < 2800, 'Unhealthy' below 2700,
 * 'Unknown' if not a finite number; from 2800 up (where the other reading is healthy) it is 'Healthy'.
 */
export function batteryMetadataLabel(mV: unknown): BatteryMetadataLabel {
  if (!isReading(mV)) return 'Unknown';
  if (mV >= BATTERY_HEALTHY_MIN_MV) return 'Healthy';
  return mV >= BATTERY_METADATA_LOW_MIN_MV ? 'Low' : 'Unhealthy';
}

/**
 * SPEC §9 Battery, what a level means for the battery's life: low is estimated under 3 months,
 * depleted is dead or dying; healthy and unknown say nothing (null).
 */
export function batteryLifeText(level: BatteryLevel): string | null {
  if (level === 'low') return `Estimated under ${BATTERY_LOW_ESTIMATE_MONTHS} months`;
  if (level === 'depleted') return 'Dead or dying';
  return null;
}

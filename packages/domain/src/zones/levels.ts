import { ZONE_LEVELS, type ZoneLevel } from './enums';

/** SPEC §3 Zone: the position of a level, 0 for root down to 6 for area. */
export function levelRank(level: ZoneLevel): number {
  return ZONE_LEVELS.indexOf(level);
}

/** SPEC §3 Zone: a child's level must be strictly below (deeper than) its parent's; levels may be skipped. */
export function isLevelBelow(child: ZoneLevel, parent: ZoneLevel): boolean {
  return levelRank(child) > levelRank(parent);
}

/** SPEC §3 Zone: the level directly below this one, or undefined below area. */
export function nextLevel(level: ZoneLevel): ZoneLevel | undefined {
  return ZONE_LEVELS[levelRank(level) + 1];
}

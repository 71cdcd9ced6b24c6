import {
  COLLECTION_URGENCY_LABELS,
  batteryLevel,
  batteryLifeText,
  batteryMetadataLabel,
  type CollectionUrgency,
  type LocationNames,
  type Tag,
  type TagConfigState,
} from '@vigil/domain';

// Reading a tag as SPEC §3 shapes it: `config` is what people set, `state` what the tag reports
// (firmware {boot, app}, battery.current {level in mV, status}, updatedAt …). Reported values are
// untyped JSON, so each reader checks what it finds.

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** state.battery.current.level in mV, or undefined when the tag reported none. */
export function batteryMvOf(tag: Pick<Tag, 'state'>): number | undefined {
  const level = obj(obj(obj(tag.state)?.battery)?.current)?.level;
  return typeof level === 'number' && Number.isFinite(level) ? level : undefined;
}

/** state.firmware.{app, boot} as reported (numbers or strings). */
export function firmwareOf(tag: Pick<Tag, 'state'>): { app?: string; boot?: string } {
  const firmware = obj(obj(tag.state)?.firmware);
  const text = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : undefined);
  return { app: text(firmware?.app), boot: text(firmware?.boot) };
}

/** state.updatedAt: when the tag was last heard, ISO text. */
export function lastSeenOf(tag: Pick<Tag, 'state'>): string | undefined {
  const at = obj(tag.state)?.updatedAt;
  return typeof at === 'string' ? at : undefined;
}

const SPECIAL_WORDS: Record<string, string> = {
  ready_for_return: 'Ready for Return',
  transfer_inv: 'Transfer to inventory',
};

/** A stored value in words: 'ready_for_return' → 'Ready for Return', 'battery_low' → 'Battery low'. */
export function words(value: string): string {
  if (SPECIAL_WORDS[value]) return SPECIAL_WORDS[value];
  const spaced = value
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const tagStateLabel = (state: TagConfigState | undefined) => (state ? words(state) : '');

/** SPEC §9 battery level from the voltage in words, and the reading: { level: 'Low', reading: '2,650 mV' }. */
export function batteryParts(tag: Pick<Tag, 'state'>): { level: string; reading?: string } {
  const mv = batteryMvOf(tag);
  const level = words(batteryLevel(mv));
  return mv === undefined ? { level } : { level, reading: `${mv.toLocaleString('en-US')} mV` };
}

/** SPEC §9 battery level from the voltage, in words with the reading: 'Low (2,650 mV)'. */
export function batteryLevelText(tag: Pick<Tag, 'state'>): string {
  const { level, reading } = batteryParts(tag);
  return reading === undefined ? level : `${level} (${reading})`;
}

/** SPEC §9 what the voltage's level means for the battery's life ('Estimated under 3 months'), or ''. */
export const batteryLifeOf = (tag: Pick<Tag, 'state'>) =>
  batteryLifeText(batteryLevel(batteryMvOf(tag))) ?? '';

/** SPEC §9 tag-metadata battery label: Healthy, Low, Unhealthy or Unknown. */
export const batteryLabelText = (tag: Pick<Tag, 'state'>) => batteryMetadataLabel(batteryMvOf(tag));

export function firmwareText(tag: Pick<Tag, 'state'>): string {
  const { app, boot } = firmwareOf(tag);
  if (!app && !boot) return '';
  return [app && `app ${app}`, boot && `boot ${boot}`].filter(Boolean).join(', ');
}

/** The collection reason and urgency: 'Battery low, Collect Soon'. */
export function collectionText(tag: Pick<Tag, 'config'>): string {
  const collection = tag.config.collection;
  if (!collection || collection.reason === 'none') return '';
  const urgency = COLLECTION_URGENCY_LABELS[collection.urgency as CollectionUrgency];
  return urgency ? `${words(collection.reason)}, ${urgency}` : words(collection.reason);
}

/** The location's zone names, building down: 'North Tower › Floor 1 › Unit A'. */
export function locationText(location: LocationNames | undefined): string {
  if (!location) return '';
  if (location.path) return location.path;
  return [location.site, location.building, location.floor, location.unit, location.area]
    .filter(Boolean)
    .join(' › ');
}

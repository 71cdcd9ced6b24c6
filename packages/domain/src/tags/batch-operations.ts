import { UNFLAG_BATTERY_ABOVE_MV } from './constants';
import type { CollectionReason, TagConfigState } from './enums';

/** SPEC §4 Tag batch operations, in the order they are offered. */
export const TAG_BATCH_OPERATIONS = [
  'transfer',
  'preassign',
  'label',
  'unreserve',
  'transfer_inv',
  'mark_lost',
  'maint_toggle',
  'resp_toggle',
  'unflag',
] as const;
export type TagBatchOperation = (typeof TAG_BATCH_OPERATIONS)[number];

/** SPEC §4: app firmware needed on every tag for resp_toggle. */
export const RESPONDER_MIN_APP_FIRMWARE = 51;

const TRANSFER_INV_STATES: readonly TagConfigState[] = ['available', 'lost', 'ready_for_return'];

/** What the batch rules read from one selected tag (config.state, org, state.firmware.app, battery, collection). */
export type TagBatchCandidate = {
  state: TagConfigState;
  orgId: string | null | undefined;
  /** state.firmware.app; a numeric string is read as its number. */
  appFirmware: number | string | null | undefined;
  /** state.battery.current.level in mV. */
  batteryMv: number | null | undefined;
  collectionReason: CollectionReason | null | undefined;
};

/** The caller's permissions: update Tag maintMode and Tag bulkUnflag (SPEC §6). */
export type TagBatchPermissions = { canUpdateMaintMode: boolean; canBulkUnflag: boolean };

function firmwareNumber(value: TagBatchCandidate['appFirmware']): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** SPEC §4 Tag batch operations: the operations offered for this selection; none for an empty one. */
export function tagBatchOperations(
  tags: readonly TagBatchCandidate[],
  permissions: TagBatchPermissions,
): TagBatchOperation[] {
  if (tags.length === 0) return [];
  const all = (test: (tag: TagBatchCandidate) => boolean) => tags.every(test);
  const allAvailable = all((t) => t.state === 'available');
  const firstOrg = tags[0].orgId;
  const sameOrg = firstOrg != null && all((t) => t.orgId === firstOrg);

  const offered: Record<TagBatchOperation, boolean> = {
    transfer: allAvailable,
    preassign: allAvailable && sameOrg,
    label: allAvailable && sameOrg,
    unreserve: all((t) => t.state === 'reserved'),
    transfer_inv: all((t) => TRANSFER_INV_STATES.includes(t.state)),
    mark_lost: true,
    maint_toggle: permissions.canUpdateMaintMode,
    // NaN (missing or unreadable firmware) fails the comparison, so such a tag blocks the toggle.
    resp_toggle: all((t) => firmwareNumber(t.appFirmware) >= RESPONDER_MIN_APP_FIRMWARE),
    unflag:
      permissions.canBulkUnflag &&
      all(
        (t) => t.collectionReason === 'tag_replaced' && (t.batteryMv ?? Number.NaN) > UNFLAG_BATTERY_ABOVE_MV,
      ),
  };
  return TAG_BATCH_OPERATIONS.filter((operation) => offered[operation]);
}

import type { Tag, TagBatchCandidate, TagBatchOperation, TagConfigState } from '@vigil/domain';

// Moved from features/tags/tag-fields.ts (issue 22): the tags list and the Tag Scratch List both
// offer SPEC §4's tag batch operations.

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** What SPEC §4's batch rules read from a tag: state.firmware.app and state.battery.current.level as reported. */
export function batchCandidateOf(tag: Tag): TagBatchCandidate {
  const state = obj(tag.state);
  const app = obj(state?.firmware)?.app;
  const level = obj(obj(state?.battery)?.current)?.level;
  return {
    state: tag.config.state as TagConfigState,
    orgId: tag.orgId,
    appFirmware: typeof app === 'number' || typeof app === 'string' ? String(app) : undefined,
    batteryMv: typeof level === 'number' && Number.isFinite(level) ? level : undefined,
    collectionReason: tag.config.collection?.reason,
  };
}

/** How each batch operation is named in the menu and its dialog. */
export const BATCH_OPERATION_LABELS: Record<TagBatchOperation, string> = {
  transfer: 'Transfer',
  preassign: 'Preassign',
  label: 'Label',
  unreserve: 'Unreserve',
  transfer_inv: 'Transfer to inventory',
  mark_lost: 'Mark lost',
  maint_toggle: 'Maintenance mode',
  resp_toggle: 'Responder mode',
  unflag: 'Unflag',
};

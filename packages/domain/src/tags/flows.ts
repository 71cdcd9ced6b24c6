import type { TagConfigState } from './enums';

/** The fields of PUT tags/{id} (SPEC §7) that the tag flows set; null clears a field. */
export type TagFlowUpdate = {
  state: TagConfigState;
  owner?: null;
  label?: null;
  collection?: null;
};

export const TAG_INVALIDATION_STATES = ['ready_for_return', 'lost'] as const;
export type TagInvalidationState = (typeof TAG_INVALIDATION_STATES)[number];

/** SPEC §4, §8: the error when the server returns another state than the one written. */
export const TAG_STATE_MISMATCH_REASON = 'DB error';

/** SPEC §4 Tag flows: assignment sets state deployed. */
export function tagAssignmentUpdate(): TagFlowUpdate {
  return { state: 'deployed' };
}

/** SPEC §4 Tag flows: invalidation sets ready_for_return or lost and clears owner and label. */
export function tagInvalidationUpdate(state: TagInvalidationState): TagFlowUpdate {
  return { state, owner: null, label: null };
}

/** SPEC §4 Tag flows: restore sets available and clears owner, label and collection. */
export function tagRestoreUpdate(): TagFlowUpdate {
  return { state: 'available', owner: null, label: null, collection: null };
}

/** SPEC §4 Tag flows, §8: a state change is confirmed by the returned state; a mismatch is 'DB error'. */
export function confirmTagState(
  expected: TagConfigState,
  returned: string | null | undefined,
): { ok: true } | { ok: false; reason: string } {
  return returned === expected ? { ok: true } : { ok: false, reason: TAG_STATE_MISMATCH_REASON };
}

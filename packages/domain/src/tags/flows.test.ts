import { describe, it, expect } from 'vitest';
import { confirmTagState, tagAssignmentUpdate, tagInvalidationUpdate, tagRestoreUpdate } from './flows';

describe('tag flows (SPEC §4 Tag flows)', () => {
  it('assignment sets state deployed', () => {
    expect(tagAssignmentUpdate()).toEqual({ state: 'deployed' });
  });

  it.each([['ready_for_return'], ['lost']] as const)('invalidation to %s clears owner and label', (state) => {
    expect(tagInvalidationUpdate(state)).toEqual({ state, owner: null, label: null });
  });

  it('restore sets available and clears owner, label and collection', () => {
    expect(tagRestoreUpdate()).toEqual({ state: 'available', owner: null, label: null, collection: null });
  });
});

describe('confirmTagState (SPEC §4 Tag flows, §8)', () => {
  it.each([
    ['deployed', 'deployed', { ok: true }],
    ['lost', 'lost', { ok: true }],
    ['deployed', 'available', { ok: false, reason: 'DB error' }],
    ['available', undefined, { ok: false, reason: 'DB error' }],
    ['available', null, { ok: false, reason: 'DB error' }],
  ] as const)('expected %s, returned %s → %j', (expected, returned, verdict) => {
    expect(confirmTagState(expected, returned)).toEqual(verdict);
  });
});

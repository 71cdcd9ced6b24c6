import { describe, expect, it } from 'vitest';
import { tagSwapRefusal, type SwapTags } from './swap';

const ok: SwapTags = {
  returnTag: { id: 'aaaaaaaaaaaa', state: 'deployed', personId: 'P-1' },
  activateTag: { id: 'bbbbbbbbbbbb', state: 'available' },
  personId: 'P-1',
};

describe('tagSwapRefusal (issue 21 current tags; SPEC §4 tag flows)', () => {
  it.each<[string, Partial<SwapTags>, string | null]>([
    ['the person’s deployed tag for an available one', {}, null],
    ['for a reserved one', { activateTag: { id: 'bbbbbbbbbbbb', state: 'reserved' } }, null],
    [
      'the same tag twice',
      { activateTag: { id: 'aaaaaaaaaaaa', state: 'available' } },
      'A tag cannot be swapped for itself',
    ],
    ['no person id', { personId: null }, 'The person needs a person id to take a tag'],
    [
      'a tag deployed to someone else',
      { returnTag: { id: 'aaaaaaaaaaaa', state: 'deployed', personId: 'P-2' } },
      'Tag aaaaaaaaaaaa is not deployed to this person',
    ],
    [
      'a tag not deployed',
      { returnTag: { id: 'aaaaaaaaaaaa', state: 'available', personId: null } },
      'Tag aaaaaaaaaaaa is not deployed to this person',
    ],
    [
      'taking a deployed tag',
      { activateTag: { id: 'bbbbbbbbbbbb', state: 'deployed' } },
      'Tag bbbbbbbbbbbb is already deployed',
    ],
    [
      'taking a lost tag',
      { activateTag: { id: 'bbbbbbbbbbbb', state: 'lost' } },
      'Tag bbbbbbbbbbbb is lost: it cannot be handed out',
    ],
    [
      'taking a tag of no known state',
      { activateTag: { id: 'bbbbbbbbbbbb', state: null } },
      'Tag bbbbbbbbbbbb is in no known state: it cannot be handed out',
    ],
  ])('%s → %j', (_what, change, reason) => {
    expect(tagSwapRefusal({ ...ok, ...change })).toBe(reason);
  });
});

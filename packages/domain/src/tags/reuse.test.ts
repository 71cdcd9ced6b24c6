import { describe, it, expect } from 'vitest';
import { isTagReusable, type TagAuditEntry } from './reuse';

const urgency = (value: number | null | undefined) => ({ config: { collection: { urgency: value } } });
const change = (from: number | null | undefined, to: number | null | undefined): TagAuditEntry => ({
  before: urgency(from),
  after: urgency(to),
});

describe('isTagReusable (SPEC §4 Tag reuse)', () => {
  it.each([
    ['no history', [], true],
    ['urgency set to 2', [change(undefined, 2)], true],
    ['urgency set to 1', [change(undefined, 1)], false],
    ['urgency set to 0', [change(null, 0)], false],
    ['urgency raised from 2 to 1', [change(2, 1)], false],
    ['urgency lowered from 1 to 0', [change(1, 0)], false],
    ['urgency relaxed from 0 to 2', [change(0, 2)], true],
    ['urgency cleared', [change(2, null)], true],
    ['an unrelated edit keeping urgency 1', [change(1, 1)], true],
    ['an entry without snapshots', [{}], true],
    ['a later entry flags the tag', [change(undefined, 2), { before: null, after: urgency(0) }], false],
  ] as const)('%s → reusable %s', (_case, history, expected) => {
    expect(isTagReusable(history)).toBe(expected);
  });
});

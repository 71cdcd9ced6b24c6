import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter';

describe('createRepeatFilter', () => {
  it('reports a code when it appears, not while it stays in view, and again after it has left', () => {
    const fresh = createRepeatFilter(1000);
    expect(fresh(['tag-a'], 0)).toEqual(['tag-a']);
    expect(fresh(['tag-a'], 900)).toEqual([]);
    expect(fresh(['tag-a'], 1800)).toEqual([]); // held there: seen 900 ms before
    expect(fresh([], 2000)).toEqual([]);
    expect(fresh(['tag-a'], 2900)).toEqual(['tag-a']); // out of view since 1800 ms
  });

  it('reports a second code shown while the first is still in view, and each content once per frame', () => {
    const fresh = createRepeatFilter(1000);
    expect(fresh(['tag-a', 'tag-a'], 0)).toEqual(['tag-a']);
    expect(fresh(['tag-a', 'tag-b'], 150)).toEqual(['tag-b']);
  });

  it('does not report a code that left the view for a moment only', () => {
    const fresh = createRepeatFilter(1000);
    fresh(['tag-a'], 0);
    fresh([], 150);
    expect(fresh(['tag-a'], 600)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ASSET_NOTES_MAX,
  ASSET_STATUS_FILTERS,
  assetCreateSchema,
  assetListFiltersSchema,
  assetPatchSchema,
} from './contract';

// SPEC §7 PATCH assets/{id} {notes, status} (issue 20): the status from the designed values or empty
// (SPEC §3 Asset: shown 'Pending'), notes of at most 2000 characters.

describe('assetPatchSchema (SPEC §7 PATCH assets/{id})', () => {
  it.each([
    [{ status: 'in use' }, true],
    [{ status: 'missing', notes: 'Last seen in bay 4' }, true],
    [{ status: '' }, true],
    [{ notes: '' }, true],
    [{ notes: 'n'.repeat(ASSET_NOTES_MAX) }, true],
    [{ notes: 'n'.repeat(ASSET_NOTES_MAX + 1) }, false],
    [{ status: 'In use' }, false],
    [{ status: 'pending' }, false],
    [{ status: null }, false],
    [{}, false],
    [{ status: 'repair', name: 'Pump' }, false],
  ])('%j → valid: %s', (body, valid) => {
    expect(assetPatchSchema.safeParse(body).success).toBe(valid);
  });
});

describe('assetCreateSchema', () => {
  it('trims the name and normalises the tag MAC (SPEC §5 Device MAC)', () => {
    expect(assetCreateSchema.parse({ name: '  Wheelchair 3 ', tagId: 'C0:FF:EE:10:00:01' })).toEqual({
      name: 'Wheelchair 3',
      tagId: 'c0ffee100001',
    });
  });

  it.each([
    [{ name: ' ', tagId: 'c0ffee100001' }],
    [{ name: 'Pump', tagId: 'c0ffee1000' }],
    [{ name: 'Pump', tagId: 'c0ffee100001', zoneId: 'ward-3' }],
    [{ name: 'Pump', tagId: 'c0ffee100001', status: 'lost' }],
  ])('refuses %j', (body) => {
    expect(assetCreateSchema.safeParse(body).success).toBe(false);
  });
});

describe('assetListFiltersSchema', () => {
  it('filters by every designed status and by pending', () => {
    expect(ASSET_STATUS_FILTERS).toEqual(['in use', 'available', 'cleaning', 'repair', 'missing', 'pending']);
    for (const status of ASSET_STATUS_FILTERS) {
      expect(assetListFiltersSchema.parse({ status })).toEqual({ status });
    }
    expect(assetListFiltersSchema.safeParse({ status: '' }).success).toBe(false);
    expect(assetListFiltersSchema.safeParse({ zone: 'floor-1' }).success).toBe(false);
  });
});

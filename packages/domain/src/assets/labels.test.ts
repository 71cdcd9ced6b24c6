import { describe, expect, it } from 'vitest';
import { ASSET_STATUSES, ASSET_STATUS_HELP, assetStatusLabel } from './labels';

// SPEC §3 Asset: status displayed capitalised, 'Pending' if empty (issue 20).

describe('assetStatusLabel (SPEC §3 Asset)', () => {
  it.each([
    [undefined, 'Pending'],
    [null, 'Pending'],
    ['', 'Pending'],
    ['   ', 'Pending'],
    ['in use', 'In use'],
    ['available', 'Available'],
    ['cleaning', 'Cleaning'],
    ['repair', 'Repair'],
    ['missing', 'Missing'],
    ['Sterile store', 'Sterile store'],
  ])('%j → %s', (status, label) => expect(assetStatusLabel(status)).toBe(label));

  it('every status has its help text', () => {
    expect(Object.keys(ASSET_STATUS_HELP).sort()).toEqual([...ASSET_STATUSES].sort());
  });
});

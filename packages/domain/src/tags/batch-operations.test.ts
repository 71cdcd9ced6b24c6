import { describe, it, expect } from 'vitest';
import { tagBatchOperations, type TagBatchCandidate, type TagBatchPermissions } from './batch-operations';

const tag = (over: Partial<TagBatchCandidate> = {}): TagBatchCandidate => ({
  state: 'available',
  orgId: 'org-1',
  appFirmware: 40,
  batteryMv: 3000,
  collectionReason: 'none',
  ...over,
});
const none: TagBatchPermissions = { canUpdateMaintMode: false, canBulkUnflag: false };
const both: TagBatchPermissions = { canUpdateMaintMode: true, canBulkUnflag: true };

describe('tagBatchOperations (SPEC §4 Tag batch operations)', () => {
  it('offers nothing for an empty selection, whatever the permissions', () => {
    expect(tagBatchOperations([], both)).toEqual([]);
  });

  it.each([
    [
      'all available in one org',
      [tag(), tag()],
      ['transfer', 'preassign', 'label', 'transfer_inv', 'mark_lost'],
    ],
    ['all available, two orgs', [tag(), tag({ orgId: 'org-2' })], ['transfer', 'transfer_inv', 'mark_lost']],
    [
      'all available, org unknown',
      [tag({ orgId: null }), tag({ orgId: null })],
      ['transfer', 'transfer_inv', 'mark_lost'],
    ],
    ['all reserved', [tag({ state: 'reserved' }), tag({ state: 'reserved' })], ['unreserve', 'mark_lost']],
    [
      'available, lost and ready_for_return',
      [tag(), tag({ state: 'lost' }), tag({ state: 'ready_for_return' })],
      ['transfer_inv', 'mark_lost'],
    ],
    ['one deployed among available', [tag(), tag({ state: 'deployed' })], ['mark_lost']],
    ['reserved and available', [tag(), tag({ state: 'reserved' })], ['mark_lost']],
    ['a single returned tag', [tag({ state: 'returned' })], ['mark_lost']],
  ] as const)('%s → %j', (_case, tags, expected) => {
    expect(tagBatchOperations(tags, none)).toEqual(expected);
  });

  it.each([
    [true, true],
    [false, false],
  ])('maint_toggle follows update Tag maintMode (%s)', (canUpdateMaintMode, offered) => {
    const ops = tagBatchOperations([tag({ state: 'deployed' })], { ...none, canUpdateMaintMode });
    expect(ops.includes('maint_toggle')).toBe(offered);
  });

  it.each([
    [[50], false],
    [[51], true],
    [[52], true],
    [[51, 50], false],
    [[51, 60], true],
    [['51'], true],
    [['50'], false],
    [[null], false],
    [[undefined], false],
    [['abc'], false],
  ] as const)('resp_toggle with app firmware %j → %s', (firmwares, offered) => {
    const tags = firmwares.map((appFirmware) => tag({ state: 'deployed', appFirmware }));
    expect(tagBatchOperations(tags, none).includes('resp_toggle')).toBe(offered);
  });

  it.each([
    ['bulkUnflag, tag_replaced, 2801 mV', true, [['tag_replaced', 2801]], true],
    ['2800 mV is not above 2800', true, [['tag_replaced', 2800]], false],
    ['2799 mV', true, [['tag_replaced', 2799]], false],
    ['battery unknown', true, [['tag_replaced', null]], false],
    ['battery NaN', true, [['tag_replaced', Number.NaN]], false],
    ['another reason', true, [['battery_low', 3000]], false],
    ['no reason', true, [[null, 3000]], false],
    [
      'one tag of two fails',
      true,
      [
        ['tag_replaced', 3000],
        ['tag_replaced', 2700],
      ],
      false,
    ],
    [
      'every tag passes',
      true,
      [
        ['tag_replaced', 3000],
        ['tag_replaced', 2900],
      ],
      true,
    ],
    ['no bulkUnflag permission', false, [['tag_replaced', 3000]], false],
  ] as const)('unflag: %s → %s', (_case, canBulkUnflag, rows, offered) => {
    const tags = rows.map(([collectionReason, batteryMv]) =>
      tag({ state: 'deployed', collectionReason, batteryMv }),
    );
    expect(tagBatchOperations(tags, { ...none, canBulkUnflag }).includes('unflag')).toBe(offered);
  });
});

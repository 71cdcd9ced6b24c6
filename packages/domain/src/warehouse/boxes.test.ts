import { describe, expect, it } from 'vitest';
import { parsePackagingBarcode } from './barcode';
import {
  allocationVerdict,
  boxCount,
  boxFill,
  boxQuantity,
  cartonText,
  checkBoxContents,
  lineNextText,
  lineProgress,
  orderProgress,
  packagingBarcodeText,
  shipPlan,
} from './boxes';

describe('box quantity and box count by SKU (SPEC §9)', () => {
  it.each([
    ['TAG3', 20, 10],
    ['TAG5', 20, 10],
    ['TAG7', 20, 10],
    ['WEAR1', 20, 10],
    ['TAG6', 50, 4],
    ['GW2', 5, 20],
    ['GWL1', 1, 6],
    ['NODE1', 1, 6],
    ['GWC', null, null],
    ['GWG', null, null],
    ['DSK', null, null],
    ['TAG9', null, null],
  ])('%s: %s per box, %s boxes per carton', (sku, quantity, count) => {
    expect(boxQuantity(sku)).toBe(quantity);
    expect(boxCount(sku)).toBe(count);
  });
});

describe('boxFill (issue 22: a box is full, short or over its SPEC §9 quantity)', () => {
  it.each([
    ['TAG5', 0, { fill: 'empty', missing: 20, extra: 0 }],
    ['TAG5', 19, { fill: 'short', missing: 1, extra: 0 }],
    ['TAG5', 20, { fill: 'full', missing: 0, extra: 0 }],
    ['TAG5', 21, { fill: 'over', missing: 0, extra: 1 }],
    ['TAG6', 50, { fill: 'full', missing: 0, extra: 0 }],
    ['GW2', 3, { fill: 'short', missing: 2, extra: 0 }],
    ['NODE1', 1, { fill: 'full', missing: 0, extra: 0 }],
    ['GWL1', 2, { fill: 'over', missing: 0, extra: 1 }],
  ])('%s × %i → %j', (sku, count, expected) => {
    expect(boxFill(sku, count)).toEqual(expected);
  });
});

describe('checkBoxContents (issue 22, SPEC §5: one SKU per box, the barcode’s SKU, at most the box quantity)', () => {
  it.each([
    ['an empty box', 'TAG5', [], { ok: true }],
    ['a full box of its SKU', 'TAG5', Array(20).fill('TAG5'), { ok: true }],
    ['a short box', 'GW2', ['GW2', 'GW2'], { ok: true }],
    ['two SKUs', 'TAG5', ['TAG5', 'TAG7'], { ok: false, refusal: 'mixedSkus' }],
    ['a device without SKU among others', 'TAG5', ['TAG5', null], { ok: false, refusal: 'mixedSkus' }],
    ['devices of another SKU', 'TAG5', ['TAG7'], { ok: false, refusal: 'skuMismatch' }],
    ['one too many', 'GW2', Array(6).fill('GW2'), { ok: false, refusal: 'over' }],
    ['a SKU that is not boxed', 'GWC', ['GWC'], { ok: false, refusal: 'notBoxed' }],
  ])('%s', (_case, sku, skus, expected) => {
    expect(checkBoxContents({ sku }, skus)).toMatchObject(expected);
  });

  it('names the SKUs it found', () => {
    expect(checkBoxContents({ sku: 'TAG5' }, ['TAG7'])).toEqual({
      ok: false,
      refusal: 'skuMismatch',
      reason: 'Box TAG5 cannot hold TAG7',
    });
  });
});

describe('packagingBarcodeText (SPEC §5: the label the factory and repackaging print)', () => {
  it.each([
    [{ sku: 'TAG5', date: '20240115', number: 7, repack: false }, 'TAG5-20240115-7'],
    [{ sku: 'GWL1', date: '20240115', number: 12, repack: false }, 'GWL1-20240115-12'],
    [{ sku: 'WEAR1', date: '20240301', number: 1, repack: true }, 'WEAR1-20240301-1-R'],
    [{ sku: 'GWC', date: '20240115', number: 1, repack: false }, null],
    [{ sku: 'TAG5', date: '2024-01-15', number: 1, repack: false }, null],
    [{ sku: 'TAG5', date: '20240115', number: 0, repack: false }, null],
    [{ sku: 'TAG5', date: '20240115', number: 1.5, repack: false }, null],
  ])('%j → %s', (box, expected) => {
    expect(packagingBarcodeText(box)).toBe(expected);
  });

  it.each([false, true])('reads back as a packaging barcode of its SKU (repack %s)', (repack) => {
    const text = packagingBarcodeText({ sku: 'TAG6', date: '20240115', number: 3, repack }) ?? '';
    expect(parsePackagingBarcode(text)).toMatchObject({
      ok: true,
      value: { sku: 'TAG6', carton: '3', repack },
    });
  });
});

describe('shipPlan (issue 22 ship guidance: boxes of the box quantity, cartons of the box count)', () => {
  it.each([
    ['TAG5', 100, { boxes: 5, shortBox: 0, boxCount: 10, cartons: 1 }],
    ['TAG5', 210, { boxes: 11, shortBox: 10, boxCount: 10, cartons: 2 }],
    ['TAG6', 1000, { boxes: 20, shortBox: 0, boxCount: 4, cartons: 5 }],
    ['GW2', 12, { boxes: 3, shortBox: 2, boxCount: 20, cartons: 1 }],
    ['NODE1', 7, { boxes: 7, shortBox: 0, boxCount: 6, cartons: 2 }],
    ['GWL1', 6, { boxes: 6, shortBox: 0, boxCount: 6, cartons: 1 }],
    ['GWC', 3, { boxQuantity: 1, boxes: 3, shortBox: 0, boxCount: null, cartons: null }],
  ])('%s × %i', (sku, quantity, expected) => {
    expect(shipPlan(sku, quantity)).toMatchObject(expected);
  });

  it.each([
    ['TAG5', 210, 'TAG5: 11 boxes of 20, 10 boxes per carton, 2 cartons'],
    ['GWL1', 1, 'GWL1: 1 box of 1, 6 boxes per carton, 1 carton'],
    ['DSK', 2, 'DSK: 2 loose'],
  ])('%s × %i reads %j', (sku, quantity, text) => {
    expect(cartonText(shipPlan(sku, quantity))).toBe(text);
  });
});

describe('lineProgress and lineNextText (issue 22: what is left to scan)', () => {
  it.each([
    ['TAG5', 100, 0, 'Scan the next box of TAG5: 0 of 5 boxes scanned (0 of 100)'],
    ['TAG5', 100, 60, 'Scan the next box of TAG5: 3 of 5 boxes scanned (60 of 100)'],
    ['TAG5', 30, 20, 'Scan 10 more TAG5 one by one (a box holds 20): 20 of 30 scanned'],
    ['TAG5', 100, 100, 'TAG5: all 100 scanned'],
    ['NODE1', 6, 2, 'Scan the next NODE1: 2 of 6 scanned'],
    ['GWC', 3, 1, 'Scan the next GWC: 1 of 3 scanned'],
  ])('%s × %i with %i scanned: %j', (sku, quantity, scanned, text) => {
    expect(lineNextText(lineProgress(sku, quantity, scanned))).toBe(text);
  });

  it('counts boxes left, a part box as one', () => {
    expect(lineProgress('GW2', 12, 5)).toMatchObject({ remaining: 7, boxesScanned: 1, boxesRemaining: 2 });
  });

  it('is complete when every line is', () => {
    const lines = [
      { sku: 'TAG5', quantity: 40 },
      { sku: 'GW2', quantity: 5 },
    ];
    expect(orderProgress(lines, { TAG5: 40 }).complete).toBe(false);
    expect(orderProgress(lines, { TAG5: 40, GW2: 5 }).complete).toBe(true);
  });
});

describe('allocationVerdict (issue 22: a scan may not bring more than the order needs)', () => {
  const progress = [lineProgress('TAG5', 30, 20), lineProgress('GW2', 5, 5)];
  it.each([
    ['TAG5', 10, { ok: true }],
    [
      'TAG5',
      20,
      { ok: false, refusal: 'tooMany', reason: 'This order needs 10 more TAG5; this scan brings 20' },
    ],
    ['GW2', 1, { ok: false, refusal: 'tooMany', reason: 'This order has all its 5 GW2; this scan brings 1' }],
    ['TAG7', 1, { ok: false, refusal: 'notOrdered', reason: 'This order has no TAG7' }],
  ])('%s × %i → %j', (sku, count, expected) => {
    expect(allocationVerdict(progress, sku, count)).toEqual(expected);
  });
});

import { describe, it, expect } from 'vitest';
import { coverageRadiusM, isBridgeSku, isNodeSku } from './coverage';

describe('coverageRadiusM (SPEC §9 coverage radius)', () => {
  it.each([
    ['indoor', 'GW2', 16],
    ['garage', 'GW2', 32],
    ['outdoor', 'NODE1', 64],
    ['indoor', undefined, 16],
    ['outdoor', 'GWL0', 0],
    ['outdoor', 'GWL1', 0],
    ['indoor', 'GWL1', 0],
  ] as const)('%s %s → %i', (kind, sku, radius) => {
    expect(coverageRadiusM(kind, sku)).toBe(radius);
  });
});

describe('isNodeSku / isBridgeSku (SPEC §9)', () => {
  it.each([
    ['NODE0', true, false],
    ['NODE1', true, false],
    ['GWL0', false, true],
    ['GWL1', false, true],
    ['GW2', false, false],
    ['NODE2', false, false],
    ['node1', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('%s: node %s, bridge %s', (sku, node, bridge) => {
    expect(isNodeSku(sku)).toBe(node);
    expect(isBridgeSku(sku)).toBe(bridge);
  });
});

import { describe, it, expect } from 'vitest';
import { gatewayBatchOperations, isLogisticsOrgSlug, type GatewayBatchCandidate } from './batch-operations';

const INVENTORY = 'strongline-inventory';
const gw = (over: Partial<GatewayBatchCandidate> = {}): GatewayBatchCandidate => ({
  state: 'deployed',
  org: 'customer-org',
  sku: 'GW2',
  ...over,
});

describe('gatewayBatchOperations (SPEC §4 Gateway batch operations)', () => {
  it('offers nothing for an empty selection', () => {
    expect(gatewayBatchOperations([], INVENTORY)).toEqual([]);
  });

  it.each([
    ['deployed customer gateways', [gw(), gw()], ['mark_lost']],
    ['all in the inventory org', [gw({ org: INVENTORY }), gw({ org: INVENTORY })], ['transfer', 'mark_lost']],
    ['one outside the inventory org', [gw({ org: INVENTORY }), gw()], ['mark_lost']],
    ['org unknown', [gw({ org: null })], ['mark_lost']],
    ['ready_to_deploy', [gw({ state: 'ready_to_deploy' })], ['transfer_inv', 'mark_lost']],
    [
      'ready_to_deploy, lost, ready_for_return, undeployed',
      [
        gw({ state: 'ready_to_deploy' }),
        gw({ state: 'lost' }),
        gw({ state: 'ready_for_return' }),
        gw({ state: 'undeployed' }),
      ],
      ['transfer_inv', 'mark_lost'],
    ],
    [
      'one returned among undeployed',
      [gw({ state: 'undeployed' }), gw({ state: 'returned' })],
      ['mark_lost'],
    ],
    ['unknown state', [gw({ state: 'unknown' })], ['mark_lost']],
    ['all NODE0/NODE1', [gw({ sku: 'NODE0' }), gw({ sku: 'NODE1' })], ['clear_diag_info', 'mark_lost']],
    ['a bridge among nodes', [gw({ sku: 'NODE1' }), gw({ sku: 'GWL1' })], ['mark_lost']],
    ['sku unknown', [gw({ sku: undefined })], ['mark_lost']],
    [
      'inventory nodes ready to deploy',
      [gw({ org: INVENTORY, state: 'ready_to_deploy', sku: 'NODE1' })],
      ['transfer', 'transfer_inv', 'clear_diag_info', 'mark_lost'],
    ],
  ] as const)('%s → %j', (_case, gateways, expected) => {
    expect(gatewayBatchOperations(gateways, INVENTORY)).toEqual(expected);
  });
});

describe('isLogisticsOrgSlug (SPEC §6 logistics org slugs)', () => {
  it.each([
    ['smpwarehouse', true],
    ['factory', true],
    ['strongline-inventory', true],
    ['acme-hospital', false],
    ['Factory', false],
    [null, false],
  ])('%s → %s', (slug, expected) => {
    expect(isLogisticsOrgSlug(slug)).toBe(expected);
  });
});

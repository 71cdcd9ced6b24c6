import { describe, it, expect } from 'vitest';
import {
  GATEWAY_CONFIG_STATES,
  GATEWAY_CONFIG_STATE_LABELS,
  GATEWAY_HARDWARE_REVISIONS,
  GATEWAY_REMOVAL_ACTIONS,
  gatewayConfigStateSchema,
} from './enums';

describe('gateway enumerations (SPEC §3)', () => {
  it.each([
    [
      'gateway config states',
      GATEWAY_CONFIG_STATES,
      ['deployed', 'ready_to_deploy', 'undeployed', 'returned', 'lost', 'unknown'],
    ],
    [
      'gateway removal actions',
      GATEWAY_REMOVAL_ACTIONS,
      ['none', 'uninstall', 'factory-reset', 'rma', 'lost'],
    ],
    ['gateway hardware revisions', GATEWAY_HARDWARE_REVISIONS, ['v2', 'v3']],
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });
});

describe('labels shown for gateway enumerations (SPEC §3)', () => {
  it('shows an undeployed gateway as Ready for Return', () => {
    expect(GATEWAY_CONFIG_STATE_LABELS.undeployed).toBe('Ready for Return');
  });

  it('labels every gateway config state', () => {
    expect(Object.keys(GATEWAY_CONFIG_STATE_LABELS)).toEqual([...GATEWAY_CONFIG_STATES]);
  });
});

describe('gateway enumeration schemas (SPEC §3)', () => {
  it.each([
    ['undeployed', true],
    ['ready_for_return', false],
  ] as const)('%j valid %s', (value, valid) => {
    expect(gatewayConfigStateSchema.safeParse(value).success).toBe(valid);
  });
});

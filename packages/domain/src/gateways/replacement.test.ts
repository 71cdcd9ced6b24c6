import { describe, expect, it } from 'vitest';
import { GATEWAY_ALREADY_PLACED } from '../floorplans/messages';
import {
  REPLACEMENT_SAME_GATEWAY,
  gatewayReplaceBodySchema,
  replacedGatewayRefusal,
  replacementRefusal,
  type ReplacementGateway,
} from './replacement';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const AREA = '33333333-3333-4333-8333-333333333333';

const old = (config: ReplacementGateway['config'] = {}): ReplacementGateway => ({
  id: 'b0a710000001',
  orgId: ORG,
  config: { state: 'deployed', location: AREA, coordinates: { lat: 1, lng: 2 }, ...config },
});
const fresh = (over: Partial<ReplacementGateway> = {}, config: ReplacementGateway['config'] = {}) => ({
  id: 'b0a7100000aa',
  orgId: ORG,
  ...over,
  config: { state: 'ready_to_deploy', ...config },
});

describe('replacementRefusal (issue 21; SPEC §3 Gateway config states, §5 Device MAC, Assigning a gateway)', () => {
  it.each([
    ['a placed gateway by a ready-to-deploy one', old(), fresh(), null],
    ['a deployed gateway without coordinates', old({ coordinates: null }), fresh(), null],
    ['the same MAC twice', old(), fresh({ id: 'b0a710000001' }), REPLACEMENT_SAME_GATEWAY],
    ['the same MAC in capitals', old(), fresh({ id: 'B0A710000001' }), REPLACEMENT_SAME_GATEWAY],
    [
      'an old gateway ready to deploy',
      old({ state: 'ready_to_deploy' }),
      fresh(),
      'Gateway b0a710000001 is not deployed (it is Ready to Deploy): only a deployed gateway is replaced',
    ],
    [
      'an old gateway ready for return (undeployed, §3)',
      old({ state: 'undeployed' }),
      fresh(),
      'Gateway b0a710000001 is not deployed (it is Ready for Return): only a deployed gateway is replaced',
    ],
    [
      'an old gateway without a state',
      old({ state: undefined }),
      fresh(),
      'Gateway b0a710000001 is not deployed (it is Unknown): only a deployed gateway is replaced',
    ],
    [
      'an old gateway deployed without a location',
      old({ location: null }),
      fresh(),
      'Gateway b0a710000001 has no location to hand over',
    ],
    [
      'a new gateway of another organisation',
      old(),
      fresh({ orgId: OTHER_ORG }),
      'Gateway b0a7100000aa belongs to another organisation',
    ],
    [
      'a new gateway already deployed',
      old(),
      fresh({}, { state: 'deployed' }),
      'Gateway b0a7100000aa is not ready to deploy (it is Deployed)',
    ],
    [
      'a new gateway lost',
      old(),
      fresh({}, { state: 'lost' }),
      'Gateway b0a7100000aa is not ready to deploy (it is Lost)',
    ],
    [
      'a new gateway ready to deploy but placed on another marker (§5)',
      old(),
      fresh({}, { coordinates: { lat: 3, lng: 4 } }),
      GATEWAY_ALREADY_PLACED,
    ],
  ])('%s → %s', (_case, oldGateway, newGateway, expected) => {
    expect(replacementRefusal(oldGateway, newGateway)).toBe(expected);
  });
});

describe('replacedGatewayRefusal (issue 21; SPEC §3): the old gateway alone, as step 1 checks it', () => {
  it.each([
    ['deployed with a location', old(), null],
    [
      'lost',
      old({ state: 'lost' }),
      'Gateway b0a710000001 is not deployed (it is Lost): only a deployed gateway is replaced',
    ],
    [
      'deployed without a location',
      old({ location: undefined }),
      'Gateway b0a710000001 has no location to hand over',
    ],
  ])('%s → %s', (_case, gateway, expected) => {
    expect(replacedGatewayRefusal(gateway)).toBe(expected);
  });
});

describe('gatewayReplaceBodySchema (SPEC §3 removal actions, §5 Device MAC)', () => {
  it.each([
    [
      { newGatewayId: 'B0:A7:10:00:00:AA', action: 'none' },
      { newGatewayId: 'b0a7100000aa', action: 'none' },
    ],
    [
      { newGatewayId: 'b0-a7-10-00-00-aa', action: 'lost' },
      { newGatewayId: 'b0a7100000aa', action: 'lost' },
    ],
    [
      { newGatewayId: 'b0a7100000aa', action: 'rma', rmaReason: '  Cracked case ' },
      { newGatewayId: 'b0a7100000aa', action: 'rma', rmaReason: 'Cracked case' },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(gatewayReplaceBodySchema.parse(body)).toEqual(parsed);
  });

  it.each([
    ['an RMA without a reason', { newGatewayId: 'b0a7100000aa', action: 'rma' }, 'rmaReason'],
    [
      'an RMA with a blank reason',
      { newGatewayId: 'b0a7100000aa', action: 'rma', rmaReason: '  ' },
      'rmaReason',
    ],
    ['an action SPEC §3 does not name', { newGatewayId: 'b0a7100000aa', action: 'retire' }, 'action'],
    ['a MAC of 11 characters', { newGatewayId: 'b0a7100000a', action: 'none' }, 'newGatewayId'],
    ['mixed separators', { newGatewayId: 'b0:a7-10:00:00:aa', action: 'none' }, 'newGatewayId'],
    ['an unknown field', { newGatewayId: 'b0a7100000aa', action: 'none', location: 'x' }, ''],
  ])('refuses %s', (_case, body, field) => {
    const result = gatewayReplaceBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join('.')).toBe(field);
  });
});

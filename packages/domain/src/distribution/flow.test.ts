import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../constants';
import {
  KIOSK_HOME,
  activationRefusal,
  activationRequest,
  identifyScreenFor,
  kioskSessionExpired,
  kioskTransition,
  mayExitKiosk,
  mayLogOutOfKiosk,
  personIdFromBadge,
  type KioskEvent,
  type KioskFlow,
  type KioskPerson,
  type KioskTag,
} from './flow';

const ana: KioskPerson = { name: 'Ana Ruiz', personId: 'P-1', contact: 'ana@example.com' };
const ben: KioskPerson = { name: 'Ben Okafor', personId: 'P-2' };
const NOW = '2026-06-01T08:00:00.000Z';
const shelf: KioskTag = { id: 'c0ffee100001', state: 'available', ownerPersonId: null };
const worn: KioskTag = { id: 'c0ffee000001', state: 'deployed', ownerPersonId: 'P-1' };

const F = {
  home: KIOSK_HOME,
  chosen: { step: 'personChosen', person: ana },
  identifying: { step: 'identifyingTag', person: ana, swapOut: null, since: NOW },
  identifyingAnon: { step: 'identifyingTag', person: null, swapOut: null, since: NOW },
  swapping: { step: 'identifyingTag', person: ana, swapOut: worn.id, since: NOW },
  identified: { step: 'tagIdentified', person: ana, swapOut: null, tagId: shelf.id },
  status: { step: 'statusShown', person: ana, swapOut: null, tag: shelf },
  statusAnon: { step: 'statusShown', person: null, swapOut: null, tag: shelf },
  statusSwap: { step: 'statusShown', person: ana, swapOut: worn.id, tag: shelf },
  activating: { step: 'activating', person: ana, swapOut: null, tag: shelf },
  swapActivating: { step: 'activating', person: ana, swapOut: worn.id, tag: shelf },
  current: { step: 'currentTags', person: ana },
  success: { step: 'success', person: ana, tagId: shelf.id, returnedTag: null },
} satisfies Record<string, KioskFlow>;

describe('kioskTransition: every step of the kiosk (issue 21; SPEC §2.1 distribution routes, §4 tag flows)', () => {
  it.each<[string, KioskFlow, KioskEvent, KioskFlow]>([
    ['home: a person is picked', F.home, { type: 'pickPerson', person: ana }, F.chosen],
    [
      'another person replaces the first',
      F.chosen,
      { type: 'pickPerson', person: ben },
      { step: 'personChosen', person: ben },
    ],
    [
      'a person picked on the status keeps the tag',
      F.statusAnon,
      { type: 'pickPerson', person: ana },
      F.status,
    ],
    [
      'a new person drops the swap',
      F.statusSwap,
      { type: 'pickPerson', person: ben },
      { ...F.status, person: ben },
    ],
    ['a person picked while tapping', F.identifyingAnon, { type: 'pickPerson', person: ana }, F.identifying],
    [
      'a person picked while the tag loads',
      { ...F.identified, person: null },
      { type: 'pickPerson', person: ana },
      F.identified,
    ],
    [
      'current tags: picking a person starts over with them',
      F.current,
      { type: 'pickPerson', person: ben },
      { step: 'personChosen', person: ben },
    ],
    ['the person goes to identify a tag', F.chosen, { type: 'identifyTag', now: NOW }, F.identifying],
    ['a tag may be checked with no person', F.home, { type: 'identifyTag', now: NOW }, F.identifyingAnon],
    ['another tag, keeping the swap', F.statusSwap, { type: 'identifyTag', now: NOW }, F.swapping],
    ['from current tags: a new tag', F.current, { type: 'identifyTag', now: NOW }, F.identifying],
    ['a tap or scan identifies the tag', F.identifying, { type: 'tagFound', tagId: shelf.id }, F.identified],
    ['its status loads', F.identified, { type: 'statusLoaded', tag: shelf }, F.status],
    [
      'the status refreshes',
      F.status,
      { type: 'statusLoaded', tag: { ...shelf, state: 'reserved' } },
      { ...F.status, tag: { ...shelf, state: 'reserved' } },
    ],
    ['activate (SPEC §4 assignment)', F.status, { type: 'activate' }, F.activating],
    ['activate in a swap', F.statusSwap, { type: 'activate' }, F.swapActivating],
    [
      'the returned state is deployed: success',
      F.activating,
      { type: 'activated', returnedState: 'deployed' },
      F.success,
    ],
    [
      'a swap succeeds',
      F.swapActivating,
      { type: 'activated', returnedState: 'deployed' },
      { ...F.success, returnedTag: worn.id },
    ],
    [
      'SPEC §4: another returned state is DB error',
      F.activating,
      { type: 'activated', returnedState: 'available' },
      { ...F.status, error: 'DB error' },
    ],
    [
      'no returned state is DB error',
      F.activating,
      { type: 'activated', returnedState: undefined },
      { ...F.status, error: 'DB error' },
    ],
    [
      'the server refuses',
      F.activating,
      { type: 'activationFailed', reason: 'Tag not found' },
      { ...F.status, error: 'Tag not found' },
    ],
    ['a retry after a failure', { ...F.status, error: 'DB error' }, { type: 'activate' }, F.activating],
    ['the person opens their tags', F.chosen, { type: 'openCurrentTags' }, F.current],
    ['their tags from the status', F.status, { type: 'openCurrentTags' }, F.current],
    ['their tags after success', F.success, { type: 'openCurrentTags' }, F.current],
    [
      'swap: return a worn tag, identify the new one',
      F.current,
      { type: 'swap', returnTag: worn, now: NOW },
      F.swapping,
    ],
    ['back from tapping', F.identifying, { type: 'back' }, F.chosen],
    ['back with no person', F.statusAnon, { type: 'back' }, F.home],
    ['back from current tags', F.current, { type: 'back' }, F.chosen],
    ['done after success', F.success, { type: 'back' }, F.home],
    ['start over', F.status, { type: 'reset' }, F.home],
    ['the timeout during an activation still starts over', F.activating, { type: 'reset' }, F.home],
  ])('%s', (_what, flow, event, next) => {
    expect(kioskTransition(flow, event)).toEqual({ ok: true, flow: next });
  });

  it.each<[string, KioskFlow, KioskEvent, string]>([
    ['activate with no person', F.statusAnon, { type: 'activate' }, 'noPerson'],
    [
      'activate a tag deployed to someone else',
      { ...F.status, tag: { ...worn, ownerPersonId: 'P-9' } },
      { type: 'activate' },
      'deployedToOther',
    ],
    ['activate a tag already theirs', { ...F.status, tag: worn }, { type: 'activate' }, 'alreadyTheirs'],
    [
      'activate the tag being returned',
      { ...F.statusSwap, tag: { ...shelf, id: worn.id } },
      { type: 'activate' },
      'swapSameTag',
    ],
    ['activate before the status shows', F.identified, { type: 'activate' }, 'notShowingStatus'],
    ['activate twice', F.activating, { type: 'activate' }, 'busy'],
    ['anything but its answer while activating', F.activating, { type: 'pickPerson', person: ben }, 'busy'],
    ['back while activating', F.activating, { type: 'back' }, 'busy'],
    [
      'an answer with nothing activating',
      F.status,
      { type: 'activated', returnedState: 'deployed' },
      'notActivating',
    ],
    ['a tag found when not tapping', F.chosen, { type: 'tagFound', tagId: shelf.id }, 'notIdentifying'],
    [
      'the returned tag tapped again in a swap',
      F.swapping,
      { type: 'tagFound', tagId: worn.id },
      'swapSameTag',
    ],
    ['the status of another tag', F.identified, { type: 'statusLoaded', tag: worn }, 'staleStatus'],
    ['a status with no tag identified', F.chosen, { type: 'statusLoaded', tag: shelf }, 'staleStatus'],
    ['current tags with no person', F.home, { type: 'openCurrentTags' }, 'noPerson'],
    ['swap without a tag to return', F.current, { type: 'swap', now: NOW }, 'noTagToReturn'],
    [
      'swap a tag that is not theirs',
      F.current,
      { type: 'swap', returnTag: { ...worn, ownerPersonId: 'P-9' }, now: NOW },
      'notTheirTag',
    ],
    ['swap a tag not deployed', F.current, { type: 'swap', returnTag: shelf, now: NOW }, 'notTheirTag'],
    ['swap outside current tags', F.chosen, { type: 'swap', returnTag: worn, now: NOW }, 'notInCurrentTags'],
    ['a new person on the success screen', F.success, { type: 'pickPerson', person: ben }, 'busy'],
    ['a new tag on the success screen', F.success, { type: 'identifyTag', now: NOW }, 'busy'],
  ])('refuses %s', (_what, flow, event, refusal) => {
    expect(kioskTransition(flow, event)).toEqual({ ok: false, refusal });
  });
});

describe('activationRefusal (issue 21 Activate; SPEC §4 tag flows)', () => {
  it.each<[string, KioskPerson | null, Partial<KioskTag>, string | null]>([
    ['an available tag', ana, {}, null],
    ['a tag reserved for them', ana, { state: 'reserved', ownerPersonId: 'P-1' }, null],
    ['a tag reserved for no one', ana, { state: 'reserved' }, null],
    ['a tag reserved for someone else', ana, { state: 'reserved', ownerPersonId: 'P-2' }, 'reservedForOther'],
    ['no person', null, {}, 'noPerson'],
    ['a person without a person id', { name: 'X', personId: ' ' }, {}, 'noPersonId'],
    ['a tag of no known state (SPEC §8 Tag state not found)', ana, { state: null }, 'tagStateUnknown'],
    ['a tag deployed to them', ana, { state: 'deployed', ownerPersonId: 'P-1' }, 'alreadyTheirs'],
    ['a tag deployed to someone else', ana, { state: 'deployed', ownerPersonId: 'P-2' }, 'deployedToOther'],
    ['a tag deployed to no one known', ana, { state: 'deployed' }, 'deployedToOther'],
    ...(['flashed', 'ready_for_return', 'returned', 'lost'] as const).map(
      (state) =>
        [`a ${state} tag`, ana, { state }, 'notOnShelf'] as [string, KioskPerson, Partial<KioskTag>, string],
    ),
  ])('%s → %s', (_what, person, change, refusal) => {
    expect(activationRefusal(person, { ...shelf, ...change })).toBe(refusal);
  });
});

describe('activationRequest (SPEC §7 PUT tags/{id}; issue 21 swap)', () => {
  it('assigns the tag to the person at this station', () => {
    expect(activationRequest(F.activating, 'st-1')).toEqual({
      kind: 'assign',
      tagId: shelf.id,
      body: { state: 'deployed', owner: { name: 'Ana Ruiz', personId: 'P-1' }, station: 'st-1' },
    });
  });
  it('swaps in one request when a tag goes back', () => {
    expect(activationRequest(F.swapActivating, 'st-1')).toEqual({
      kind: 'swap',
      body: {
        returnTag: worn.id,
        returnState: 'ready_for_return',
        activateTag: shelf.id,
        owner: { name: 'Ana Ruiz', personId: 'P-1' },
      },
    });
  });
});

describe('identifyScreenFor (SPEC §3 tag scan modes, §8 Invalid tag scan mode)', () => {
  it.each([
    ['singleTap', { ok: true, value: 'tap' }],
    ['doubleTap', { ok: true, value: 'tap' }],
    ['qrCode', { ok: true, value: 'scan' }],
    ['off', { ok: true, value: 'scan' }],
    ['tripleTap', { ok: false, reason: 'Invalid tag scan mode: tripleTap' }],
    [undefined, { ok: false, reason: 'Invalid tag scan mode: undefined' }],
  ])('%s → %j', (mode, expected) => {
    expect(identifyScreenFor(mode)).toEqual(expected);
  });
});

describe('personIdFromBadge (issue 21: a badge QR holds the person id, alone or ending a URL)', () => {
  it.each([
    ['P-1042', 'P-1042'],
    ['  P-1042\n', 'P-1042'],
    ['https://badges.example.org/people/P-1042', 'P-1042'],
    ['https://badges.example.org/people/P-1042/', 'P-1042'],
    ['https://badges.example.org/p/P%201042?v=2#x', 'P 1042'],
    ['https://', null],
    ['', null],
    ['   ', null],
  ])('%j → %j', (content, expected) => {
    expect(personIdFromBadge(content)).toBe(expected);
  });
});

describe('kioskSessionExpired (SPEC §9 distribution-station timeout, 1 hour)', () => {
  const used = Date.parse(NOW);
  it.each([
    [0, false],
    [HOUR_MS - 1, false],
    [HOUR_MS, true],
    [HOUR_MS * 5, true],
  ])('%i ms after the last use → %s', (after, expired) => {
    expect(kioskSessionExpired(used, used + after)).toBe(expired);
  });
});

describe('mayLogOutOfKiosk (SPEC §6 kiosk logout; the logistics kiosks, issue 22)', () => {
  it.each([
    ['distribution, flag on, signed in', 'distribution', { kioskLogout: true }, false, true],
    ['flag off', 'distribution', {}, false, false],
    ['flag set false', 'distribution', { kioskLogout: false }, false, false],
    ['with an API key', 'distribution', { kioskLogout: true }, true, false],
    ['another role', 'admin', { kioskLogout: true }, false, false],
    ['a warehouse user, flag off (issue 22: hands over at the end of a shift)', 'warehouse', {}, false, true],
    ['a factory user', 'factory', {}, false, true],
    ['a warehouse API key', 'warehouse', {}, true, false],
  ])('%s → %s', (_what, role, flags, usesApiKey, may) => {
    expect(mayLogOutOfKiosk({ role, flags, usesApiKey })).toBe(may);
  });
});

describe('mayExitKiosk (SPEC §6 exit to dashboard)', () => {
  it.each([
    ['an installed app with the station’s can-exit saved', 'admin', true, true, true],
    ['in a browser tab', 'admin', false, true, false],
    ['no can-exit saved', 'admin', true, false, false],
    ['the distribution role (SPEC §2.2: no dashboard)', 'distribution', true, true, false],
  ])('%s → %s', (_what, role, installedApp, canExit, may) => {
    expect(mayExitKiosk({ role, installedApp, canExit })).toBe(may);
  });
});

import { describe, expect, it } from 'vitest';
import type { KioskRefusal } from './flow';
import { KIOSK_MESSAGES, kioskRefusalText } from './messages';

describe('the kiosk’s SPEC §8 texts, exact', () => {
  it.each([
    [KIOSK_MESSAGES.noStationSettings, 'No distribution station settings found'],
    [KIOSK_MESSAGES.invalidStationSettings, 'Invalid distribution station settings'],
    [KIOSK_MESSAGES.stationLoadFailed, 'Could not load distribution station. Please pick one.'],
    [KIOSK_MESSAGES.somethingWentWrong('Timeout'), 'Something went wrong (Timeout). Please try again.'],
    [KIOSK_MESSAGES.invalidScanMode('tripleTap'), 'Invalid tag scan mode: tripleTap'],
    [KIOSK_MESSAGES.tagStateNotFound, 'Tag state not found'],
    [KIOSK_MESSAGES.stateMismatch, 'DB error'],
  ])('%s', (text, expected) => {
    expect(text).toBe(expected);
  });
});

describe('the notices SPEC §8 leaves open (issue 21: tag deactivated, available, activation)', () => {
  it.each([
    [
      KIOSK_MESSAGES.tagDeactivated('c0ffee100001', 'ready_for_return'),
      'Tag c0ffee100001 is returned and no longer yours. Please put it in the returns box.',
    ],
    [
      KIOSK_MESSAGES.tagDeactivated('c0ffee100001', 'lost'),
      'Tag c0ffee100001 is marked lost and no longer yours. If it turns up, bring it back here.',
    ],
    [
      KIOSK_MESSAGES.tagAvailable('c0ffee100001', 'Ana Ruiz'),
      'Tag c0ffee100001 is available. Activate it to make it Ana Ruiz’s.',
    ],
    [
      KIOSK_MESSAGES.tagAvailable('c0ffee100001', null),
      'Tag c0ffee100001 is available. Choose who it is for to activate it.',
    ],
    [
      KIOSK_MESSAGES.activationSucceeded('c0ffee100001', 'Ana Ruiz'),
      'Tag c0ffee100001 is now active for Ana Ruiz.',
    ],
    [
      KIOSK_MESSAGES.swapSucceeded('c0ffee000001', 'c0ffee100001', 'Ana Ruiz'),
      'Tag c0ffee000001 is returned, and tag c0ffee100001 is now active for Ana Ruiz.',
    ],
    [
      KIOSK_MESSAGES.activationFailed('c0ffee100001', 'DB error'),
      'Tag c0ffee100001 was not activated (DB error). Please try again, or take another tag.',
    ],
  ])('%s', (text, expected) => {
    expect(text).toBe(expected);
  });
});

describe('kioskRefusalText: every refusal of the kiosk flow is worded', () => {
  const refusals: KioskRefusal[] = [
    'busy',
    'noPerson',
    'noPersonId',
    'notIdentifying',
    'staleStatus',
    'notShowingStatus',
    'notActivating',
    'alreadyTheirs',
    'deployedToOther',
    'reservedForOther',
    'tagStateUnknown',
    'notOnShelf',
    'swapSameTag',
    'notInCurrentTags',
    'noTagToReturn',
    'notTheirTag',
  ];
  it.each(refusals)('%s has a sentence', (refusal) => {
    expect(kioskRefusalText(refusal)).toMatch(/^[A-Z][^]{10,}$/);
  });

  it.each<[KioskRefusal, string]>([
    [
      'deployedToOther',
      'Tag c0ffee100001 belongs to someone else. Please take another tag and hand this one to staff.',
    ],
    ['alreadyTheirs', 'Tag c0ffee100001 is already Ana Ruiz’s.'],
    ['notTheirTag', 'Tag c0ffee100001 is not Ana Ruiz’s to return.'],
    ['noPerson', 'First choose who the tag is for.'],
  ])('%s names the tag and person', (refusal, text) => {
    expect(kioskRefusalText(refusal, { tagId: 'c0ffee100001', personName: 'Ana Ruiz' })).toBe(text);
  });

  it('a tag of no known state is SPEC §8 Tag state not found', () => {
    expect(kioskRefusalText('tagStateUnknown')).toBe('Tag state not found');
  });
});

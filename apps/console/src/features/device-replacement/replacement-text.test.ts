import { describe, expect, it } from 'vitest';
import { macHint, macOf, removalOutcome } from './replacement-text';

describe('macOf (SPEC §5 Device MAC and QR scan)', () => {
  it.each([
    ['b0a710000001', 'b0a710000001'],
    ['B0:A7:10:00:00:01', 'b0a710000001'],
    ['b0-a7-10-00-00-01', 'b0a710000001'],
    ['https://vigil.example/v1/gateway/B0A710000001\n', 'b0a710000001'],
    ['b0a71000000', null],
    ['b0:a7-10:00:00:01', null],
    ['not a mac', null],
  ])('%j → %s', (text, mac) => {
    expect(macOf(text)).toBe(mac);
  });
});

describe('macHint (SPEC §9: suggestions after 4 characters)', () => {
  it.each([
    ['', 0, 'Type at least 4 characters of the MAC, or scan its label.'],
    ['b0a', 0, 'Keep typing: a MAC has 12 hex characters.'],
    ['b0a7', 0, 'No matching gateway yet: type the whole MAC, or scan its label.'],
    ['b0a7', 3, 'Choose a suggestion, or type the whole MAC.'],
  ])('%j with %i suggestions', (text, count, hint) => {
    expect(macHint(text, count)).toBe(hint);
  });
});

describe('removalOutcome (SPEC §3 Gateway removal actions)', () => {
  it.each([
    ['none', 'Ready to Deploy'],
    ['uninstall', 'Ready for Return'],
    ['factory-reset', 'Ready to Deploy'],
    ['rma', 'Ready for Return'],
    ['lost', 'Lost'],
  ] as const)('%s leaves it %s', (action, state) => {
    expect(removalOutcome(action)).toBe(
      `It becomes ${state} and is told with the answer to its next heartbeat.`,
    );
  });
});

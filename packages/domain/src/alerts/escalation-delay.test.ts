import { describe, expect, it } from 'vitest';
import { inheritedEscalationDelayS } from './escalation-delay';
import { DEFAULT_ESCALATION_DELAY_S } from './lifecycle';

describe('inheritedEscalationDelayS (SPEC §4 Alerts: escalation delay of a zone)', () => {
  const cases: [string, (Record<string, unknown> | undefined)[], number][] = [
    ['no zone on the path sets one: the default', [{}, {}, {}], DEFAULT_ESCALATION_DELAY_S],
    ['an empty path: the default', [], DEFAULT_ESCALATION_DELAY_S],
    ['the zone itself sets one', [{ escalationDelayS: 300 }, {}, { escalationDelayS: 30 }], 30],
    [
      'the nearest ancestor wins over the root',
      [{ escalationDelayS: 300 }, { escalationDelayS: 90 }, {}],
      90,
    ],
    ['the root alone sets one', [{ escalationDelayS: 300 }, {}, {}], 300],
    ['zero is not a delay: the next one up', [{ escalationDelayS: 120 }, {}, { escalationDelayS: 0 }], 120],
    ['a negative value is skipped', [{}, { escalationDelayS: -5 }], DEFAULT_ESCALATION_DELAY_S],
    ['text is not a number', [{ escalationDelayS: 45 }, { escalationDelayS: '10' }], 45],
    ['infinity is skipped', [{ escalationDelayS: Infinity }], DEFAULT_ESCALATION_DELAY_S],
    ['a fraction of a second is kept', [{ escalationDelayS: 2.5 }], 2.5],
    ['an unknown zone on the path is passed over', [{ escalationDelayS: 75 }, undefined], 75],
  ];
  it.each(cases)('%s', (_name, path, expected) => {
    expect(inheritedEscalationDelayS(path)).toBe(expected);
  });
});

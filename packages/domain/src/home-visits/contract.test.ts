import { describe, expect, it } from 'vitest';
import {
  homePointOf,
  homeVisitCreateBodySchema,
  homeVisitUpdateBodySchema,
  homeVisitsQuerySchema,
  seesOwnVisitsOnly,
  visitTimesOf,
} from './contract';
import { visitState } from './rules';

// Issue 20 "Home visits" (SPEC §3 HomeVisit, §9 Outdoor location): the contract's own rules.

describe("a home's point on a street map (its zone's config.geometry)", () => {
  it.each([
    ['a GeoJSON Point', { type: 'Point', coordinates: [-87.62, 41.88] }, { lat: 41.88, lng: -87.62 }],
    [
      'a Point with an altitude',
      { type: 'Point', coordinates: [2.35, 48.85, 35] },
      { lat: 48.85, lng: 2.35 },
    ],
    ['no geometry', undefined, null],
    ['a unit polygon', { type: 'Polygon', coordinates: [[[0, 0]]] }, null],
    ['latitude out of range', { type: 'Point', coordinates: [10, 91] }, null],
    ['longitude out of range', { type: 'Point', coordinates: [181, 10] }, null],
    ['text coordinates', { type: 'Point', coordinates: ['1', '2'] }, null],
    ['one coordinate', { type: 'Point', coordinates: [1] }, null],
  ])('%s', (_name, geometry, point) => {
    expect(homePointOf(geometry)).toEqual(point);
  });
});

const start = '2026-11-26T09:00:00.000Z';
const end = '2026-11-26T10:00:00.000Z';
const ids = { person: crypto.randomUUID(), home: crypto.randomUUID() };

describe('a visit ends after it starts', () => {
  it.each([
    ['create, one hour', homeVisitCreateBodySchema, { ...ids, plannedStart: start, plannedEnd: end }, true],
    [
      'create, ends as it starts',
      homeVisitCreateBodySchema,
      { ...ids, plannedStart: start, plannedEnd: start },
      false,
    ],
    [
      'create, ends before',
      homeVisitCreateBodySchema,
      { ...ids, plannedStart: end, plannedEnd: start },
      false,
    ],
    ['update, both times', homeVisitUpdateBodySchema, { plannedStart: end, plannedEnd: start }, false],
    [
      'update, one time (the server checks it against the other)',
      homeVisitUpdateBodySchema,
      { plannedEnd: start },
      true,
    ],
    ['update, an unknown field', homeVisitUpdateBodySchema, { home: ids.home }, false],
  ] as const)('%s', (_name, schema, body, ok) => {
    const parsed = schema.safeParse(body);
    expect(parsed.success).toBe(ok);
    if (!parsed.success && 'plannedStart' in body && 'plannedEnd' in body) {
      expect(parsed.error.issues[0]?.path).toEqual(['plannedEnd']);
    }
  });
});

describe('the list filters', () => {
  it('takes a calendar day, a state and a person', () => {
    const query = { day: '2026-11-26', state: 'in-progress', person: ids.person, limit: '20' };
    expect(homeVisitsQuerySchema.parse(query)).toEqual({ ...query, limit: 20 });
  });

  it.each([{ day: '2026-02-30' }, { day: '26/11/2026' }, { state: 'late' }, { person: 'P-1007' }])(
    'refuses %o',
    (query) => {
      expect(homeVisitsQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe('visitTimesOf reads the answer as the rules do', () => {
  it('an answered visit checked in and not out is in progress before its end', () => {
    const times = visitTimesOf({
      plannedStart: start,
      plannedEnd: end,
      checkedInAt: '2026-11-26T09:02:00.000Z',
      checkedOutAt: null,
      cancelledAt: null,
    });
    expect(visitState(times, new Date('2026-11-26T09:30:00Z'))).toBe('in-progress');
    expect(visitState(times, new Date('2026-11-26T10:15:00Z'))).toBe('overdue');
  });
});

describe('who sees only their own visits (issue 20, SPEC §6 remotePerson)', () => {
  it.each([
    ['remotePerson', true],
    ['admin', false],
    ['default', false],
  ])('%s → %s', (role, own) => {
    expect(seesOwnVisitsOnly(role)).toBe(own);
  });
});

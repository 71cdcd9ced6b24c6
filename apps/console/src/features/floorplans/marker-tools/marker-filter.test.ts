import { describe, expect, it } from 'vitest';
import { NO_FILTER, filterRows, isFilterEmpty, matchesText, toggleColour } from './marker-filter';
import { rowsOf } from './test-rows';

// SPEC §2.7 marker toolbar: the filter decides which gateways the map draws.
const rows = rowsOf([
  { id: 'b0a710000001', place: { unit: 'Emergency Department', area: 'ED Room 101' } },
  { id: 'b0a710000002', state: { status: 'disconnected' }, place: { unit: 'Lobby', area: 'Main Entrance' } },
  { id: 'c0ffee000003', place: { unit: 'Lobby', area: 'Gift Shop' } },
]);
const ids = (filter: Parameters<typeof filterRows>[1]) => filterRows(rows, filter).map((r) => r.gateway.id);

describe('marker filter', () => {
  it('no filter lets every row through, as the same array', () => {
    expect(isFilterEmpty(NO_FILTER)).toBe(true);
    expect(filterRows(rows, NO_FILTER)).toBe(rows);
  });

  it.each([
    ['b0a7', ['b0a710000001', 'b0a710000002']],
    ['B0:A7:10:00:00:02', ['b0a710000002']],
    ['b0-a7-10', ['b0a710000001', 'b0a710000002']],
    ['lobby', ['b0a710000002', 'c0ffee000003']],
    ['ED Room', ['b0a710000001']],
    ['  ', ['b0a710000001', 'b0a710000002', 'c0ffee000003']],
    ['nowhere', []],
  ])('text %j → %j', (text, expected) => {
    expect(ids({ hiddenColours: [], text })).toEqual(expected);
  });

  it('hiding a colour hides its markers; toggling it again shows them', () => {
    const red = rows.find((r) => r.gateway.id === 'b0a710000002')!.colour;
    expect(red).toBe('red');
    const hidden = toggleColour(NO_FILTER, 'red');
    expect(ids(hidden)).toEqual(['b0a710000001', 'c0ffee000003']);
    expect(toggleColour(hidden, 'red')).toEqual(NO_FILTER);
  });

  it('colour and text together', () => {
    expect(ids({ hiddenColours: ['red'], text: 'lobby' })).toEqual(['c0ffee000003']);
  });

  it('a MAC piece matches the MAC, not only its written form', () => {
    expect(matchesText(rows[0]!, '10:00:00:01')).toBe(true);
  });
});

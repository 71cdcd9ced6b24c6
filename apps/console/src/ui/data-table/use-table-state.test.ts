import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE_STATE, readTableState, tableStateStorageKey } from './use-table-state';

const save = (value: unknown) => sessionStorage.setItem(tableStateStorageKey('users'), JSON.stringify(value));

describe('readTableState (SPEC §9: table state saved per session)', () => {
  it('starts on page 1 of 10, unsorted, unsearched', () => {
    expect(readTableState('users')).toEqual({ page: 1, pageSize: 10, sort: null, search: '' });
    expect(INITIAL_TABLE_STATE.pageSize).toBe(10);
  });

  it('reads a saved state', () => {
    save({ page: 3, pageSize: 50, sort: { id: 'name', desc: true }, search: 'ann' });
    expect(readTableState('users')).toEqual({
      page: 3,
      pageSize: 50,
      sort: { id: 'name', desc: true },
      search: 'ann',
    });
  });

  it('drops what is not valid', () => {
    save({ page: -2, pageSize: 30, sort: { id: 5 }, search: 7 });
    expect(readTableState('users')).toEqual(INITIAL_TABLE_STATE);
    sessionStorage.setItem(tableStateStorageKey('users'), '{not json');
    expect(readTableState('users')).toEqual(INITIAL_TABLE_STATE);
  });

  it('keeps each table under its own key', () => {
    save({ page: 2 });
    expect(readTableState('roles').page).toBe(1);
  });
});

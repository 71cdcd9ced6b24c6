import { describe, expect, it } from 'vitest';
import { listKey, listQuery } from './lists';

describe('listQuery (docs/API.md list contract)', () => {
  it('sends paging, orderBy and the search with the filters', () => {
    expect(
      listQuery({
        params: { role: 'admin' },
        limit: 25,
        offset: 50,
        sort: { id: 'name', desc: true },
        search: ' ann ',
      }),
    ).toEqual({ role: 'admin', limit: 25, offset: 50, orderBy: '-name', query: 'ann' });
  });

  it('leaves out an empty sort and search', () => {
    expect(listQuery({ limit: 10, offset: 0, sort: null, search: '' })).toEqual({
      limit: 10,
      offset: 0,
      orderBy: undefined,
      query: undefined,
    });
  });

  it('never lets a filter override paging', () => {
    expect(listQuery({ params: { limit: 9999, offset: 7 }, limit: 10, offset: 0 })).toMatchObject({
      limit: 10,
      offset: 0,
    });
  });

  it("keys every page of a list under ['list', api]", () => {
    expect(listKey('users')).toEqual(['list', 'users']);
  });
});

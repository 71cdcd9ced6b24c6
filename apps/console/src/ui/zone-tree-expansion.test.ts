import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { readZoneTreeToggles, useZoneTreeToggles, zoneTreeStorageKey } from './zone-tree-expansion';

const save = (raw: string) => sessionStorage.setItem(zoneTreeStorageKey('zones.org.u-1'), raw);

describe('readZoneTreeToggles', () => {
  it('reads the saved open and closed nodes', () => {
    save(JSON.stringify({ org: false, 'site-main': true }));
    expect(readZoneTreeToggles('zones.org.u-1')).toEqual({ org: false, 'site-main': true });
  });

  it.each(['{not json', '[1,2]', 'null', '"open"'])('reads nothing from %s', (raw) => {
    save(raw);
    expect(readZoneTreeToggles('zones.org.u-1')).toEqual({});
  });

  it('drops entries that are not open or closed', () => {
    save(JSON.stringify({ a: true, b: 'yes', c: null }));
    expect(readZoneTreeToggles('zones.org.u-1')).toEqual({ a: true });
  });
});

describe('useZoneTreeToggles', () => {
  it('saves the toggles under its key for the next tree', () => {
    const { result } = renderHook(() => useZoneTreeToggles('zones.org.u-1'));
    act(() => result.current[1]('site-main', true));
    act(() => result.current[1]('org', false));
    expect(readZoneTreeToggles('zones.org.u-1')).toEqual({ 'site-main': true, org: false });
    expect(renderHook(() => useZoneTreeToggles('zones.org.u-1')).result.current[0]).toEqual({
      'site-main': true,
      org: false,
    });
  });

  it('keeps nothing without a key', () => {
    const { result } = renderHook(() => useZoneTreeToggles());
    act(() => result.current[1]('site-main', true));
    expect(result.current[0]).toEqual({ 'site-main': true });
    expect(sessionStorage.length).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { alertFixture } from '../test/alert-fixtures';
import { json, stubFetch } from '../test/fetch-stub';
import { alertKeys, applyAlertChange, fetchOpenAlerts, recordAlertChange } from './alerts';

const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, s)).toISOString();
const a1 = alertFixture({ id: 'a1', createdAt: at(1), updatedAt: at(1) });
const a2 = alertFixture({ id: 'a2', createdAt: at(2), updatedAt: at(2) });

describe('applyAlertChange', () => {
  it('adds a new alert, newest first', () => {
    expect(applyAlertChange([a1], a2).map((a) => a.id)).toEqual(['a2', 'a1']);
  });

  it('replaces an alert with its newer copy and removes it once closed', () => {
    const acked = { ...a1, acknowledged: true, updatedAt: at(5) };
    expect(applyAlertChange([a2, a1], acked)).toEqual([a2, acked]);
    expect(applyAlertChange([a2, a1], { ...a1, state: 'closed', updatedAt: at(6) })).toEqual([a2]);
  });

  it('keeps the copy it holds when the change is older', () => {
    const acked = { ...a1, acknowledged: true, updatedAt: at(5) };
    expect(applyAlertChange([acked], a1)).toEqual([acked]);
  });
});

describe('fetchOpenAlerts', () => {
  it('asks for every open alert, with test alerts when allowed', async () => {
    const fetch = stubFetch(() => ({ data: [a1, a2], total: 2 }));
    const list = await fetchOpenAlerts(new QueryClient(), { includeTest: true });
    expect(list.map((a) => a.id)).toEqual(['a2', 'a1']);
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/alerts/');
    expect(url.searchParams.get('test')).toBe('true');
  });

  it('keeps a change that arrived while the refresh was on its way', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(alertKeys.open(), [a1]);
    let answer: ((r: Response) => void) | undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const refresh = fetchOpenAlerts(queryClient, { includeTest: false });
    await vi.waitFor(() => expect(answer).toBeDefined());

    const closed = { ...a1, state: 'closed' as const, updatedAt: at(9) };
    recordAlertChange(queryClient, a2);
    recordAlertChange(queryClient, closed);
    expect(queryClient.getQueryData(alertKeys.open())).toEqual([a2]);

    answer?.(json({ data: [a1], total: 1 }));
    expect((await refresh).map((a) => a.id)).toEqual(['a2']);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render';
import { json, stubFetch } from '../../test/fetch-stub';
import { messages } from '../../api/messages';
import { CsvDownload } from './csv-download';

type Row = { id: number; name: string };
const csv = { filename: 'people', columns: [{ header: 'Name', value: (r: Row) => r.name }] };
const filters = { params: { level: 'floor' }, sort: { id: 'name', desc: true }, search: 'ann' };

let saved: { blob: Blob; filename: string } | undefined;
beforeEach(() => {
  saved = undefined;
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved = { blob: blob as Blob, filename: this.download };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** jsdom's Blob has no text(): read it the old way. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

function renderDownload() {
  renderWithProviders(<CsvDownload<Row> api="people" filters={filters} csv={csv} />);
  return userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
}

describe('CsvDownload (SPEC §5, §8, §9)', () => {
  it('counts the rows, fetches them 500 at a time with the same filters and offers the file', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ id: i, name: `P${i}` }));
    const fetch = stubFetch((url) => {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return { data: rows.slice(offset, offset + limit), total: rows.length };
    });
    await renderDownload();
    await waitFor(() => expect(saved).toBeDefined());
    const urls = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(urls.map((u) => [u.searchParams.get('limit'), u.searchParams.get('offset')])).toEqual([
      ['1', '0'],
      ['500', '0'],
      ['500', '500'],
      ['500', '1000'],
    ]);
    for (const url of urls) {
      expect(url.pathname).toBe('/api/people');
      expect(url.searchParams.get('level')).toBe('floor');
      expect(url.searchParams.get('orderBy')).toBe('-name');
      expect(url.searchParams.get('query')).toBe('ann');
    }
    expect(saved?.filename).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readBlob(saved!.blob)).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toHaveLength(1201);
    expect(text.startsWith('Name\r\nP0\r\nP1\r\n')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('follows each page’s nextCursor when the list answers one', async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => ({ id: i, name: `P${i}` }));
    const fetch = stubFetch((url) => {
      const limit = Number(url.searchParams.get('limit'));
      const start = Number(url.searchParams.get('cursor') ?? url.searchParams.get('offset'));
      const end = start + limit;
      return {
        data: rows.slice(start, end),
        total: rows.length,
        ...(end < rows.length ? { nextCursor: String(end) } : {}),
      };
    });
    await renderDownload();
    await waitFor(() => expect(saved).toBeDefined());
    const urls = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(urls.map((u) => [u.searchParams.get('offset'), u.searchParams.get('cursor')])).toEqual([
      ['0', null],
      ['0', null],
      [null, '500'],
      [null, '1000'],
    ]);
    const text = (await readBlob(saved!.blob)).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(1101);
    expect(lines.slice(-2)).toEqual(['P1098', 'P1099']);
  });

  it('refuses more than 100,000 rows and asks for filters', async () => {
    const fetch = stubFetch(() => ({ data: [{ id: 1, name: 'x' }], total: 100_001 }));
    await renderDownload();
    expect(await screen.findByText(messages.csvTooLarge(100_001, 100_000))).toBeInTheDocument();
    expect(screen.getByText(/Please add filters/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    expect(saved).toBeUndefined();
  });

  it('shows the progress and stops on Cancel with "Download canceled"', async () => {
    stubFetch((url, init) =>
      url.searchParams.get('limit') === '1'
        ? { data: [], total: 800 }
        : new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
    );
    await renderDownload();
    const dialog = await screen.findByRole('dialog', { name: 'Downloading CSV' });
    expect(await screen.findByText('0 of 800 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download canceled')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(saved).toBeUndefined();
  });

  it('says "Failed to download CSV data" when a page fails', async () => {
    stubFetch((url) =>
      url.searchParams.get('limit') === '1'
        ? { data: [], total: 800 }
        : json({ reason: 'Internal error' }, 500),
    );
    await renderDownload();
    expect(await screen.findByText('Failed to download CSV data')).toBeInTheDocument();
    expect(saved).toBeUndefined();
  });

  it('shows the 5 s danger notice "Unable to download csv file at this time" when it cannot start', async () => {
    const show = vi.spyOn(notifications, 'show');
    stubFetch(() => json({ reason: 'Service unavailable' }, 503));
    await renderDownload();
    expect(await screen.findByText('Unable to download csv file at this time')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', autoClose: 5000 }));
    expect(saved).toBeUndefined();
  });

  it('asks for a time zone when the file has dates, and writes them in it', async () => {
    type Seen = { id: number; seen: string };
    stubFetch(() => ({ data: [{ id: 1, seen: '2026-01-15T18:30:05Z' }], total: 1 }));
    renderWithProviders(
      <CsvDownload<Seen>
        api="tags"
        filters={{}}
        csv={{ filename: 'tags', columns: [{ header: 'Last seen', date: (r) => r.seen }] }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('menuitem', { name: 'UTC' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Eastern (America/New_York)' }));
    await waitFor(() => expect(saved).toBeDefined());
    const text = (await readBlob(saved!.blob)).replace(/^\uFEFF/, '');
    expect(text).toBe('Last seen (America/New_York)\r\n2026-01-15 13:30:05');
  });
});

import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { CSV_ERROR_NOTICE_MS, CSV_MAX_ROWS, CSV_PAGE } from '@vigil/domain';
import { fetchListPage, type ListRequest } from '../../api/lists';
import { messages } from '../../api/messages';
import { csvFilename, toCsv, type CsvSpec } from './csv';

/** How far a running download is; `total` is unknown until the first count. */
export type CsvProgress = { fetched: number; total: number | null };
type Filters = Omit<ListRequest, 'limit' | 'offset'>;

/** Offers text as a file through a Blob download link. */
export function offerDownload(filename: string, text: string) {
  // A BOM so that spreadsheets read the UTF-8 names right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** SPEC §5, §8, §9: the whole list as CSV, 500 rows a request, refused above 100,000 rows, cancellable. */
export function useCsvDownload<T>(apiPath: string, filters: Filters, spec: CsvSpec<T> | undefined) {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Fetches every row and offers the file; dates are written in `timeZone` (default UTC). */
  async function start(timeZone = 'UTC') {
    if (!spec || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ fetched: 0, total: null });
    let counted = false;
    try {
      const { total } = await fetchListPage<T>(apiPath, { ...filters, limit: 1, offset: 0 }, abort.signal);
      counted = true;
      if (total > CSV_MAX_ROWS) {
        notifications.show({ color: 'yellow', message: messages.csvTooLarge(total, CSV_MAX_ROWS) });
        return;
      }
      setProgress({ fetched: 0, total });
      const rows: T[] = [];
      // Each page after the one before by its `nextCursor` (a deep offset makes the server skip
      // every row before it); a list that answers no cursor is paged by offset.
      let cursor: string | undefined;
      while (rows.length < total) {
        const page = await fetchListPage<T>(
          apiPath,
          { ...filters, limit: CSV_PAGE, offset: rows.length, cursor },
          abort.signal,
        );
        if (page.data.length === 0) break; // rows were deleted meanwhile
        rows.push(...page.data);
        setProgress({ fetched: rows.length, total });
        if (cursor && !page.nextCursor) break; // the last page
        cursor = page.nextCursor;
      }
      offerDownload(csvFilename(spec.filename, new Date()), toCsv(spec.columns, rows, timeZone));
    } catch {
      // SPEC §8: a download that cannot start at all is the 5 s danger notice; one that fails
      // part-way is 'Failed to download CSV data'; a cancel says so.
      notifications.show(
        abort.signal.aborted
          ? { message: messages.csvCanceled }
          : {
              color: 'red',
              message: counted ? messages.csvFailed : messages.csvUnavailable,
              autoClose: CSV_ERROR_NOTICE_MS,
            },
      );
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return { progress, start, cancel: () => controller.current?.abort() };
}

import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { CSV_ERROR_NOTICE_MS, type ReportType } from '@vigil/domain';
import { fetchReportCsv, type ReportParams } from '../../api/reports';
import { ApiError, reasonOf } from '../../api/errors';
import { messages } from '../../api/messages';
import { csvFilename } from '../../ui/data-table/csv';
import { CsvZoneMenu } from '../../ui/data-table/csv-zone-menu';
import { offerDownload } from '../../ui/data-table/use-csv-download';

export type ReportCsvButtonProps = {
  type: ReportType;
  /** The report's zone, range and options: the file holds the details the screen's filters select. */
  params: ReportParams;
  /** The file's base name ('missing-tags' → missing-tags-2026-06-01.csv). */
  filename: string;
};

/**
 * Download CSV of a report's details, streamed by the server (GET /api/reports/{type}/export, up to
 * SPEC §9's 100,000 rows): a menu of SPEC §9's time zones to write the dates in.
 */
export function ReportCsvButton({ type, params, filename }: ReportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  async function download(timeZone: string) {
    if (running.current) return;
    const abort = new AbortController();
    running.current = abort;
    setBusy(true);
    try {
      const text = await fetchReportCsv(type, params, timeZone, abort.signal);
      // The server's byte-order mark, if any, is dropped: offerDownload writes its own.
      offerDownload(csvFilename(filename, new Date()), text.replace(/^\uFEFF/, ''));
    } catch (error) {
      // A refusal the server explains (e.g. more than 100,000 rows) is shown with its reason.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      notifications.show({
        color: 'red',
        message: refused ? reasonOf(error) : messages.csvUnavailable,
        autoClose: CSV_ERROR_NOTICE_MS,
      });
    } finally {
      running.current = null;
      setBusy(false);
    }
  }

  return <CsvZoneMenu loading={busy} onPick={(timeZone) => void download(timeZone)} />;
}

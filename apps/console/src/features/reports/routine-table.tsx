import { useMemo, useState } from 'react';
import { getCoreRowModel, getPaginationRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, type CsvValue, type PageSize } from '@vigil/domain';
import { csvFilename, toCsv, type CsvColumn } from '../../ui/data-table/csv';
import { CsvZoneMenu } from '../../ui/data-table/csv-zone-menu';
import { DataTableFooter } from '../../ui/data-table/data-table-footer';
import { DataTableGrid } from '../../ui/data-table/data-table-grid';
import { offerDownload } from '../../ui/data-table/use-csv-download';

// A stored routine's rows (SPEC §2.1 /reports/{id}): whatever columns the routine answers, paged
// here since the routine answers them all at once, and offered whole as CSV (SPEC §9 time zones).

export type RoutineRow = Record<string, unknown>;

/** A point in time as PostgreSQL's JSON writes a timestamp (a date alone stays text). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'foreign_alerts' → 'Foreign alerts'. */
export function columnHeader(column: string): string {
  const words = column.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether every value of `column` is a point in time (and there is one at least). */
function isDateTime(rows: RoutineRow[], column: string): boolean {
  const values = rows.map((row) => row[column]).filter((value) => value !== null && value !== undefined);
  return values.length > 0 && values.every((value) => typeof value === 'string' && DATE_TIME.test(value));
}

/** A cell's text: numbers grouped, points in time local, objects as JSON, nothing as a dash. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string')
    return DATE_TIME.test(value) ? dayjs(value).format('YYYY-MM-DD HH:mm') : value;
  return JSON.stringify(value);
}

function csvColumns(columns: string[], rows: RoutineRow[]): CsvColumn<RoutineRow>[] {
  return columns.map((column) =>
    isDateTime(rows, column)
      ? { header: columnHeader(column), date: (row) => row[column] as string | null }
      : {
          header: columnHeader(column),
          value: (row) => {
            const value = row[column];
            return value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as CsvValue);
          },
        },
  );
}

export type RoutineTableProps = { columns: string[]; rows: RoutineRow[] };

/** The routine's rows, a page at a time (SPEC §9 page sizes). */
export function RoutineTable({ columns, rows }: RoutineTableProps) {
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const columnDefs = useMemo(
    (): ColumnDef<RoutineRow, unknown>[] =>
      columns.map((column) => ({
        id: column,
        header: columnHeader(column),
        accessorFn: (row) => row[column],
        cell: ({ getValue }) => cellText(getValue()),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    state: { pagination: { pageIndex: page - 1, pageSize } },
    defaultColumn: { enableSorting: false },
  });
  return (
    <Stack gap="md">
      <DataTableGrid table={table} />
      <DataTableFooter
        page={page}
        pageSize={pageSize}
        total={rows.length}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}

export type RoutineCsvButtonProps = RoutineTableProps & {
  /** The file's base name (the routine id → alerts_per_unit_per_week-2026-06-01.csv). */
  filename: string;
};

/** Download CSV of every row; a menu of SPEC §9's time zones when the rows hold points in time. */
export function RoutineCsvButton({ columns, rows, filename }: RoutineCsvButtonProps) {
  const spec = useMemo(() => csvColumns(columns, rows), [columns, rows]);
  const download = (timeZone?: string) =>
    offerDownload(csvFilename(filename, new Date()), toCsv(spec, rows, timeZone));
  const icon = <IconDownload size={16} aria-hidden />;
  if (!spec.some((column) => column.date)) {
    return (
      <Button variant="default" leftSection={icon} onClick={() => download()}>
        Download CSV
      </Button>
    );
  }
  return <CsvZoneMenu onPick={download} />;
}

import { useState } from 'react';
import { Link } from 'react-router';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Anchor, Box, Stack, Table, Text } from '@mantine/core';
import { PAGE_SIZES, type PageSize, type ReportSummary, type ReportType } from '@vigil/domain';
import { useReportDetails, useReportSummary, type ReportParams } from '../../api/reports';
import { DataTableFooter } from '../../ui/data-table/data-table-footer';
import { DataTableGrid } from '../../ui/data-table/data-table-grid';
import { rowIdOf } from '../../ui/data-table/use-row-selection';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { reportLink, useReportFilters, type ReportFiltersPatch } from '../../ui/report-filters';
import { TableSkeleton } from '../../ui/table-skeleton';
import { countText } from './report-labels';

type ReportCount = ReportSummary['counts'][number];

/** One count column of a summary: how to read it, and what its link adds to the details' query. */
export type SummaryColumn = {
  header: string;
  /** The count of a location (or of the whole report, from its `total` and `by`). */
  count: (row: Pick<ReportCount, 'count' | 'by'>) => number;
  /** The details' filter this column stands for, e.g. {timeline: 'overdue'}. */
  patch?: ReportFiltersPatch;
  /** The link's accessible name: (3, 'Building A') → '3 overdue tags in Building A'. */
  describe: (count: number, place: string) => string;
};

export type ReportSummaryTableProps = {
  summary: ReportSummary;
  /** The table's accessible name, e.g. 'Missing tags by location'. */
  label: string;
  columns: SummaryColumn[];
  /** The details screen each count opens, with the same range and options and the row's zone. */
  detailsPath: string;
};

/** A report's summary: one row per location, each count a link to the details of that location. */
export function ReportSummaryTable({ summary, label, columns, detailsPath }: ReportSummaryTableProps) {
  const { search } = useReportFilters();

  function cell(column: SummaryColumn, row: Pick<ReportCount, 'count' | 'by'>, zone: ReportCount['zone']) {
    const n = column.count(row);
    if (n === 0) return <Text c="dimmed">0</Text>;
    return (
      <Anchor
        component={Link}
        to={reportLink(detailsPath, search, { ...column.patch, zone: zone.id })}
        aria-label={column.describe(n, zone.name)}
      >
        {countText(n)}
      </Anchor>
    );
  }

  return (
    <Table.ScrollContainer minWidth={400}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Location</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col" ta="right">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.counts.map((row) => (
            <Table.Tr key={row.zone.id}>
              <Table.Th scope="row" fw="normal">
                {row.zone.name}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.header} ta="right">
                  {cell(column, row, row.zone)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{`All of ${summary.zone.name}`}</Table.Th>
            {columns.map((column) => (
              <Table.Td key={column.header} ta="right" fw={600}>
                {cell(column, { count: summary.total, by: summary.by }, summary.zone)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export type ReportCountsProps = Omit<ReportSummaryTableProps, 'summary'> & {
  type: ReportType;
  params: ReportParams;
  /** The empty state's title, e.g. 'No missing tags in this range'. */
  emptyText: string;
};

/** A report's summary as a table, with its loading, error and empty states. */
export function ReportCounts({ type, params, emptyText, ...table }: ReportCountsProps) {
  const summary = useReportSummary(type, params);
  if (summary.isPending) return <TableSkeleton rows={6} columns={table.columns.length + 1} />;
  if (summary.isError) return <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />;
  if (summary.data.total === 0) return <EmptyState title={emptyText} />;
  return (
    <Box aria-busy={summary.isFetching}>
      <ReportSummaryTable summary={summary.data} {...table} />
    </Box>
  );
}

export type ReportDetailsTableProps<T> = {
  type: ReportType;
  /** The report's zone, range and options (the page is read from the URL, ?page=). */
  params: ReportParams;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own idiom for mixed value types
  columns: ColumnDef<T, any>[];
  /** The empty state's title, e.g. 'No missing tags in this range'. */
  emptyText: string;
  /** What a row is, for the count above the table: n => '12 tags'. */
  countLabel: (n: number) => string;
};

const NO_ROWS: never[] = [];
const DEFAULT_REPORT_PAGE_SIZE: PageSize = 50;

/** A report's details, a page at a time (SPEC §7: at most 500 a page), with loading, empty and error states. */
export function ReportDetailsTable<T>({
  type,
  params,
  columns,
  emptyText,
  countLabel,
}: ReportDetailsTableProps<T>) {
  const filters = useReportFilters();
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_REPORT_PAGE_SIZE);
  const page = Math.max(1, Math.floor(Number(filters.get('page'))) || 1);
  const details = useReportDetails(type, params, { limit: pageSize, offset: (page - 1) * pageSize });
  const rows = (details.data?.data as T[] | undefined) ?? NO_ROWS;
  const table = useReactTable<T>({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => rowIdOf(row, index),
    manualPagination: true,
    rowCount: details.data?.total ?? 0,
    defaultColumn: { enableSorting: false },
  });

  if (details.isPending) return <TableSkeleton rows={8} columns={columns.length} />;
  if (details.isError) return <ErrorPanel error={details.error} onRetry={() => void details.refetch()} />;
  if (details.data.total === 0) return <EmptyState title={emptyText} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {`${countLabel(details.data.total)} in ${details.data.zone.name}`}
      </Text>
      <Box aria-busy={details.isFetching}>
        <DataTableGrid table={table} />
      </Box>
      <DataTableFooter
        page={page}
        pageSize={pageSize}
        total={details.data.total}
        onPage={(next) => filters.set({ page: next > 1 ? next : null })}
        onPageSize={(size) => {
          setPageSize(PAGE_SIZES.includes(size) ? size : DEFAULT_REPORT_PAGE_SIZE);
          filters.set({ page: null });
        }}
      />
    </Stack>
  );
}

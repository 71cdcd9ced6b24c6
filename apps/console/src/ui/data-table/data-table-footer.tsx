import { useId } from 'react';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES, type PageSize } from '@vigil/domain';

export type DataTableFooterProps = {
  page: number;
  pageSize: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
};

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** The rows shown of how many, the per-page choice (SPEC §9) and the page buttons. */
export function DataTableFooter({ page, pageSize, total, onPage, onPageSize }: DataTableFooterProps) {
  const selectId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {`${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
      </Text>
      <Group gap="md">
        <Group gap="xs">
          <Text size="sm" component="label" htmlFor={selectId}>
            Rows per page
          </Text>
          <NativeSelect
            id={selectId}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(event) => onPageSize(Number(event.currentTarget.value) as PageSize)}
          />
        </Group>
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={onPage}
          getItemProps={(p) => ({
            'aria-label': `Page ${p}`,
            'aria-current': p === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </Group>
    </Group>
  );
}

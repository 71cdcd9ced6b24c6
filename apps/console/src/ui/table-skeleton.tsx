import { Skeleton, Stack, Group, VisuallyHidden } from '@mantine/core';

export type TableSkeletonProps = {
  /** How many placeholder rows to show. */
  rows?: number;
  /** How many placeholder cells per row. */
  columns?: number;
};

/** The pending state of a table: grey rows, announced as loading. */
export function TableSkeleton({ rows = 10, columns = 4 }: TableSkeletonProps) {
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} gap="md" wrap="nowrap" aria-hidden>
          {Array.from({ length: columns }, (_, col) => (
            <Skeleton key={col} height={20} flex={1} />
          ))}
        </Group>
      ))}
    </Stack>
  );
}

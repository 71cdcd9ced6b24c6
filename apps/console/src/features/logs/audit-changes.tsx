import { Table, Text } from '@mantine/core';
import type { AuditChange } from '@vigil/domain';

/** How one value of a change reads: text as it is, nothing as '—', other values as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** An audit entry's before/after diff (SPEC §7 includeDetails) as a small table: field, before, after. */
export function AuditChanges({ changes, label }: { changes: AuditChange[]; label: string }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changed
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.path}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {change.path}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text
                size="sm"
                c="var(--mantine-color-red-light-color)"
                td={change.after === undefined ? undefined : 'line-through'}
              >
                {auditValueText(change.before)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="var(--mantine-color-green-light-color)">
                {auditValueText(change.after)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

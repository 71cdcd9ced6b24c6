import { Badge, Table, Text } from '@mantine/core';
import { DIAGNOSTICS_PASS_PERCENT, diagnosticsChecks, type GatewayMetrics } from '@vigil/domain';
import { useGatewayMetrics } from '../../api/gateways';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

const CHECKS = [
  { key: 'button', label: 'Button' },
  { key: 'coverage', label: 'Coverage' },
  { key: 'floor', label: 'Floor' },
] as const;

const percentText = (percent: number | null) => (percent === null ? '—' : `${percent}%`);

/**
 * SPEC §3 Gateway metrics over 24 hours: button, coverage and floor from the stored heartbeats, each
 * passing or failing by SPEC §9's thresholds (the domain's `diagnosticsChecks`).
 */
export function GatewayDiagnostics({ gatewayId }: { gatewayId: string }) {
  const metrics = useGatewayMetrics(gatewayId);
  if (metrics.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (metrics.isError) return <ErrorPanel error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const m: GatewayMetrics | null = metrics.data;
  if (!m || CHECKS.every((c) => m[c.key].total === 0)) {
    return <EmptyState title="No diagnostics reported in the last 24 hours" />;
  }
  const passes = diagnosticsChecks({
    button: m.button.percent,
    coverage: m.coverage.percent,
    floor: m.floor.percent,
  });
  return (
    <Table aria-label="Diagnostics over the last 24 hours" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Check</Table.Th>
          <Table.Th>Average</Table.Th>
          <Table.Th>Passing reports</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {CHECKS.map(({ key, label }) => (
          <Table.Tr key={key}>
            <Table.Td>
              {label}
              <Text span size="xs" c="dimmed">{` (pass at ${DIAGNOSTICS_PASS_PERCENT[key]}%)`}</Text>
            </Table.Td>
            <Table.Td>{percentText(m[key].percent)}</Table.Td>
            <Table.Td>{`${m[key].count} of ${m[key].total}`}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={passes[key] ? 'green' : 'red'}>
                {passes[key] ? 'Pass' : 'Fail'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

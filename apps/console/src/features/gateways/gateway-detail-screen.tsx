import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { resetReasonLabel, type GatewayDetail, type SyncLogEntry } from '@vigil/domain';
import { useGateway, useRunDiagnostics } from '../../api/gateways';
import { messages } from '../../api/messages';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useNow } from '../../ui/use-now';
import { GatewayDiagnostics } from './gateway-diagnostics';
import { GatewayEditModal } from './gateway-edit-modal';
import {
  STATUS_COLOURS,
  configStateLabel,
  isSafeMode,
  skuOf,
  stateOf,
  statusLabel,
  statusOf,
  versionText,
  when,
} from './gateway-fields';
import { UnassignDialog } from './unassign-dialog';

/** /gateway/{id} (SPEC §2.1, §3 Gateway): health, place, diagnostics, neighbours, and its commands. */
export function GatewayDetailScreen() {
  const { id = '' } = useParams();
  const gateway = useGateway(id);
  const { ability } = useSignedIn();
  const diag = useRunDiagnostics();
  const [dialog, setDialog] = useState<'edit' | 'unassign' | null>(null);

  if (gateway.isPending) return <TableSkeleton rows={8} columns={2} />;
  if (gateway.isError) return <ErrorPanel error={gateway.error} onRetry={() => void gateway.refetch()} />;
  const g = gateway.data;
  const mayUpdate = ability.can('update', 'Gateway');

  function runDiagnostics() {
    diag.mutate(
      { id: g.id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: 'Diagnostics requested: the gateway runs them after its next heartbeat.',
          }),
        onError: (err) => notifications.show({ color: 'red', message: messages.couldNotUpdate(err) }),
      },
    );
  }

  return (
    <Stack>
      <PageHeader
        title={`Gateway ${g.id}`}
        description={g.location.path ?? 'Not assigned to a location'}
        actions={
          mayUpdate && (
            <Group gap="xs">
              <Button onClick={() => setDialog('edit')}>Edit</Button>
              <Button variant="default" onClick={runDiagnostics} loading={diag.isPending}>
                Run diagnostics
              </Button>
              <Button variant="default" color="red" onClick={() => setDialog('unassign')}>
                Unassign
              </Button>
            </Group>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <GatewayFacts gateway={g} />
      </Paper>
      <Section title="Diagnostics (last 24 hours)">
        <GatewayDiagnostics gatewayId={g.id} />
      </Section>
      <Section title="Neighbours">
        <Neighbours neighbors={stateOf(g).neighbors} />
      </Section>
      <Section title="Commands">
        <Commands commands={g.commands} />
      </Section>
      {dialog === 'edit' && <GatewayEditModal gateway={g} onClose={() => setDialog(null)} />}
      {dialog === 'unassign' && <UnassignDialog gateway={g} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `gateway-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The gateway's facts as a description list (SPEC §3 Gateway config and state). */
function GatewayFacts({ gateway }: { gateway: GatewayDetail }) {
  const now = useNow(60_000);
  const state = stateOf(gateway);
  const kind = statusOf(gateway, now);
  const rma = gateway.config.rma as { reason?: string } | undefined;
  const facts: [string, ReactNode][] = [
    [
      'Status',
      <Badge key="status" variant="light" color={STATUS_COLOURS[kind]}>
        {statusLabel(kind)}
      </Badge>,
    ],
    ['Last update', when(state.updatedAt) || 'Never'],
    [
      'Version',
      <Group key="version" gap={6} component="span">
        {versionText(gateway) || 'Unknown'}
        {isSafeMode(gateway) && (
          <Badge size="sm" color="indigo" variant="light">
            Safe mode
          </Badge>
        )}
      </Group>,
    ],
    ['Hardware revision', state.hardware?.revision ?? 'Unknown'],
    ['Admin mode', state.adminMode ? 'On' : 'Off'],
    ['Last reset reason', resetReasonLabel(state.debug?.rebootInfo?.lastResetReason) ?? 'None reported'],
    ['State', configStateLabel(gateway.config.state) || 'Unknown'],
    ['SKU', skuOf(gateway) || 'Unknown'],
    ['Location', gateway.location.path ?? 'Not assigned'],
    ['Labels', (gateway.config.labels ?? []).join(', ') || 'None'],
    ['Notes', gateway.config.notes || 'None'],
    ['RMA reason', rma?.reason ?? null],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="xs" m={0}>
      {facts
        .filter(([, value]) => value !== null)
        .map(([term, value]) => (
          <Stack key={term} gap={0}>
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </Stack>
        ))}
    </SimpleGrid>
  );
}

/** SPEC §3 state.diagnostics neighbours: gateway id → distance. */
function Neighbours({ neighbors }: { neighbors: Record<string, number> | undefined }) {
  const rows = Object.entries(neighbors ?? {}).sort((a, b) => a[1] - b[1]);
  if (rows.length === 0) return <EmptyState title="No neighbours reported" />;
  return (
    <Table aria-label="Neighbours" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Gateway</Table.Th>
          <Table.Th>Distance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([id, distance]) => (
          <Table.Tr key={id}>
            <Table.Td>
              <Anchor component={Link} to={`/gateway/${id}`} ff="monospace">
                {id}
              </Anchor>
            </Table.Td>
            <Table.Td>{`${distance} m`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const COMMAND_NAMES: Record<string, string> = {
  config: 'Configuration',
  unassign: 'Unassign',
  diag: 'Run diagnostics',
  clear_diag_info: 'Clear diagnostics info',
};

function commandProgress(c: SyncLogEntry): string {
  if (c.confirmedAt) return `Confirmed ${when(c.confirmedAt)}`;
  if (c.deliveredAt) return `Delivered ${when(c.deliveredAt)}`;
  return 'Waiting for the next heartbeat';
}

/** The latest commands pushed to the gateway and how far each got (the sync log's view of one gateway). */
function Commands({ commands }: { commands: SyncLogEntry[] }) {
  if (commands.length === 0) return <EmptyState title="No commands sent to this gateway yet" />;
  return (
    <Table aria-label="Commands" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Command</Table.Th>
          <Table.Th>Queued</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Progress</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {commands.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              {COMMAND_NAMES[c.type] ?? c.type}
              {typeof c.payload.action === 'string' && ` (${c.payload.action})`}
            </Table.Td>
            <Table.Td>{when(c.createdAt)}</Table.Td>
            <Table.Td>{c.actor?.name ?? 'System'}</Table.Td>
            <Table.Td>{commandProgress(c)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

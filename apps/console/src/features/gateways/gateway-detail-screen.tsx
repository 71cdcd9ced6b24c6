import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Paper, Stack, Title } from '@mantine/core';
import { useGateway } from '../../api/gateways';
import { useSignedIn } from '../../session/session';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { GatewayActions } from './gateway-actions';
import { GatewayCommands } from './gateway-commands';
import { GatewayDiagnostics } from './gateway-diagnostics';
import { GatewayFacts } from './gateway-facts';
import { stateOf } from './gateway-fields';
import { GatewayNeighbours } from './gateway-neighbours';

/** /gateway/{id} (SPEC §2.1, §3 Gateway): health, place, diagnostics, neighbours, and its commands. */
export function GatewayDetailScreen() {
  const { id = '' } = useParams();
  const gateway = useGateway(id);
  const { ability } = useSignedIn();

  if (gateway.isPending) return <TableSkeleton rows={8} columns={2} />;
  if (gateway.isError) return <ErrorPanel error={gateway.error} onRetry={() => void gateway.refetch()} />;
  const g = gateway.data;

  return (
    <Stack>
      <PageHeader
        title={`Gateway ${g.id}`}
        description={g.location.path ?? 'Not assigned to a location'}
        actions={ability.can('update', 'Gateway') && <GatewayActions gateway={g} />}
      />
      <Paper withBorder p="md" radius="md">
        <GatewayFacts gateway={g} />
      </Paper>
      <Section title="Diagnostics (last 24 hours)">
        <GatewayDiagnostics gatewayId={g.id} />
      </Section>
      <Section title="Neighbours">
        <GatewayNeighbours neighbors={stateOf(g).neighbors} />
      </Section>
      <Section title="Commands">
        <GatewayCommands commands={g.commands} />
      </Section>
    </Stack>
  );
}

/** A titled part of the screen, named by its h2 for assistive technology. */
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

import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { GatewayDetail } from '@vigil/domain';
import { useRunDiagnostics } from '../../api/gateways';
import { messages } from '../../api/messages';
import { GatewayEditModal } from './gateway-edit-modal';
import { UnassignDialog } from './unassign-dialog';

/** The gateway's commands for those who may update it: Edit, Run diagnostics and Unassign (SPEC §5). */
export function GatewayActions({ gateway }: { gateway: GatewayDetail }) {
  const diag = useRunDiagnostics();
  const [dialog, setDialog] = useState<'edit' | 'unassign' | null>(null);

  function runDiagnostics() {
    diag.mutate(
      { id: gateway.id },
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
    <Group gap="xs">
      <Button onClick={() => setDialog('edit')}>Edit</Button>
      <Button variant="default" onClick={runDiagnostics} loading={diag.isPending}>
        Run diagnostics
      </Button>
      <Button variant="default" color="red" onClick={() => setDialog('unassign')}>
        Unassign
      </Button>
      {dialog === 'edit' && <GatewayEditModal gateway={gateway} onClose={() => setDialog(null)} />}
      {dialog === 'unassign' && <UnassignDialog gateway={gateway} onClose={() => setDialog(null)} />}
    </Group>
  );
}

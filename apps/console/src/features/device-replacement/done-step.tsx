import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { GatewayReplaceResult } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { placeOf } from './replacement-text';

/** The replacement done: what now stands where, the floor plan to check it on, and the next one. */
export function DoneStep({ result, onAgain }: { result: GatewayReplaceResult; onAgain: () => void }) {
  const { ability } = useSignedIn();
  const mayOpenPlan = result.floorId !== null && ability.can('read', 'FloorPlan');
  return (
    <Stack gap="lg">
      <Alert
        color="green"
        variant="light"
        role="status"
        icon={<IconCircleCheck size={28} aria-hidden />}
        title={`Gateway ${result.new.id} replaced ${result.old.id}`}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        <Text size="lg">
          {`${result.new.id} is deployed at ${placeOf(result.new)}. ${result.old.id} is told of its removal with the answer to its next heartbeat.`}
        </Text>
      </Alert>
      <Group gap="md" grow>
        {mayOpenPlan && (
          <Button size="xl" component={Link} to={`/floorplans/${result.floorId}`}>
            Open the floor plan
          </Button>
        )}
        <Button size="xl" variant={mayOpenPlan ? 'default' : 'filled'} onClick={onAgain}>
          Replace another gateway
        </Button>
      </Group>
    </Stack>
  );
}

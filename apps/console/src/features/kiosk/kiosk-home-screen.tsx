import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconListDetails, IconRefresh, IconTag } from '@tabler/icons-react';
import { KIOSK_MESSAGES, personOf, type KioskPerson } from '@vigil/domain';
import { useKioskFlow } from './flow-store';
import type { KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskPage, useStationParam } from './kiosk-page';
import { PersonPicker } from './person-picker';
import { useIdentifyTag } from './use-identify-tag';

/**
 * SPEC §2.1 /distribution/{station}/home: who the tag is for, then what they came for — a new tag
 * (tap or scan, by the station's scan mode) or their current tags.
 */
export function KioskHomeScreen() {
  const station = useStationParam();
  const { flow, send } = useKioskFlow(station);
  const person = personOf(flow);
  return (
    <KioskPage station={station} title={person ? `Hello, ${person.name}` : KIOSK_MESSAGES.homeTitle}>
      {(loaded) =>
        person ? (
          <PersonActions station={loaded} person={person} />
        ) : (
          <Stack gap="xl">
            <PersonPicker onPick={(picked) => send({ type: 'pickPerson', person: picked })} />
            <CheckTag station={loaded} />
          </Stack>
        )
      }
    </KioskPage>
  );
}

function PersonActions({ station, person }: { station: KioskStation; person: KioskPerson }) {
  const navigate = useNavigate();
  const { send } = useKioskFlow(station.id);
  const identify = useIdentifyTag(station);
  const openTags = () => {
    const refusal = send({ type: 'openCurrentTags' });
    if (!refusal) navigate(kioskPath(station.id, 'current-tags'));
  };
  return (
    <Stack gap="xl">
      {person.contact && (
        <Text size="xl" c="gray.8">
          {person.contact}
        </Text>
      )}
      {identify.problem && <KioskAlert>{identify.problem}</KioskAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <BigChoice
          label="Get a new tag"
          hint="Take a tag from the station and activate it."
          icon={<IconTag size={40} aria-hidden />}
          onClick={identify.start}
          disabled={identify.problem !== null}
        />
        <BigChoice
          label="My tags"
          hint="Return, report lost or swap a tag you have."
          icon={<IconListDetails size={40} aria-hidden />}
          onClick={openTags}
        />
      </SimpleGrid>
      <Button
        size="lg"
        variant="default"
        leftSection={<IconRefresh aria-hidden />}
        onClick={() => send({ type: 'reset' })}
        style={{ alignSelf: 'flex-start' }}
      >
        {`Not ${person.name}? Start over`}
      </Button>
    </Stack>
  );
}

/** Checking a tag needs no person: its status is shown, and a person may be chosen there. */
function CheckTag({ station }: { station: KioskStation }) {
  const identify = useIdentifyTag(station);
  if (identify.problem) return <KioskAlert>{identify.problem}</KioskAlert>;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        <Text size="lg">Only want to check a tag?</Text>
        <Button size="lg" variant="default" onClick={identify.start}>
          Check a tag
        </Button>
      </Stack>
    </Paper>
  );
}

function BigChoice(props: {
  label: string;
  hint: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      onClick={props.onClick}
      disabled={props.disabled}
      h="auto"
      py="xl"
      size="xl"
      styles={{ label: { whiteSpace: 'normal', flexDirection: 'column', gap: 8 } }}
    >
      {props.icon}
      <span>{props.label}</span>
      <Text component="span" size="lg" fw={400}>
        {props.hint}
      </Text>
    </Button>
  );
}

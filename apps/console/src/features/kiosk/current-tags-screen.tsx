import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTag } from '@tabler/icons-react';
import {
  KIOSK_MESSAGES,
  confirmTagState,
  kioskRefusalText,
  personOf,
  type KioskPerson,
  type Tag,
  type TagInvalidationState,
} from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { useKioskFlow } from './flow-store';
import { kioskQueries, useDeactivateTag, type KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskNotice, KioskPage, useStationParam, KioskBack } from './kiosk-page';
import { CurrentTagCard } from './current-tag-card';
import { kioskTagOf } from './kiosk-tag-facts';
import { useIdentifyTag } from './use-identify-tag';

type Notice = { text: string; tone: 'info' | 'error' };

/**
 * SPEC §2.1 /distribution/{station}/current-tags (empty layout): the person's tags (GET /api/tags
 * by config.owner.personId), each returned (ready_for_return), reported lost (after a second
 * question) or swapped for a new one in one step.
 */
export function CurrentTagsScreen() {
  const station = useStationParam();
  const { flow } = useKioskFlow(station);
  const person = personOf(flow);
  return (
    <KioskPage
      station={station}
      title={person ? KIOSK_MESSAGES.currentTagsTitle(person.name) : 'Current tags'}
    >
      {(loaded) =>
        person ? (
          <CurrentTags station={loaded} person={person} />
        ) : (
          <Navigate to={kioskPath(station, 'home')} replace />
        )
      }
    </KioskPage>
  );
}

function CurrentTags({ station, person }: { station: KioskStation; person: KioskPerson }) {
  const navigate = useNavigate();
  const { send } = useKioskFlow(station.id);
  const tags = useQuery(kioskQueries.currentTags(person.personId));
  const deactivate = useDeactivateTag();
  const identify = useIdentifyTag(station);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function deactivateTag(tag: Tag, state: TagInvalidationState) {
    setNotice(null);
    try {
      const stored = await deactivate.mutateAsync({ id: tag.id, state });
      const confirmed = confirmTagState(state, stored.config.state);
      setNotice(
        confirmed.ok
          ? { text: KIOSK_MESSAGES.tagDeactivated(tag.id, state), tone: 'info' }
          : { text: KIOSK_MESSAGES.somethingWentWrong(confirmed.reason), tone: 'error' },
      );
    } catch (err) {
      setNotice({ text: KIOSK_MESSAGES.somethingWentWrong(reasonOf(err)), tone: 'error' });
    }
  }

  function swap(tag: Tag) {
    if (!identify.screen) return;
    const refusal = send({ type: 'swap', returnTag: kioskTagOf(tag), now: new Date().toISOString() });
    if (refusal) {
      setNotice({
        text: kioskRefusalText(refusal, { tagId: tag.id, personName: person.name }),
        tone: 'error',
      });
      return;
    }
    navigate(kioskPath(station.id, identify.screen));
  }

  return (
    <Stack gap="lg">
      {notice &&
        (notice.tone === 'error' ? (
          <KioskAlert>{notice.text}</KioskAlert>
        ) : (
          <KioskNotice>{notice.text}</KioskNotice>
        ))}
      {identify.problem && <KioskAlert>{identify.problem}</KioskAlert>}
      {tags.isPending && <Skeleton height={160} radius="md" aria-label="Loading the tags" />}
      {tags.isError && (
        <Stack gap="md" align="flex-start">
          <KioskAlert>{KIOSK_MESSAGES.somethingWentWrong(reasonOf(tags.error))}</KioskAlert>
          <Button size="lg" onClick={() => void tags.refetch()}>
            Try again
          </Button>
        </Stack>
      )}
      {tags.isSuccess && tags.data.data.length === 0 && (
        <Text size="xl">{KIOSK_MESSAGES.currentTagsEmpty(person.name)}</Text>
      )}
      {tags.isSuccess && tags.data.data.length > 0 && (
        <Stack gap="md">
          <Text size="lg">{KIOSK_MESSAGES.swapHint}</Text>
          {tags.data.data.map((tag) => (
            <CurrentTagCard
              key={tag.id}
              tag={tag}
              busy={deactivate.isPending}
              onDeactivate={(state) => void deactivateTag(tag, state)}
              onSwap={identify.screen ? () => swap(tag) : undefined}
            />
          ))}
        </Stack>
      )}
      <Group gap="md">
        {identify.screen && (
          <Button size="lg" leftSection={<IconTag aria-hidden />} onClick={identify.start}>
            Get a new tag
          </Button>
        )}
        <KioskBack station={station.id} />
      </Group>
    </Stack>
  );
}

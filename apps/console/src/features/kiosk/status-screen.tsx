import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconTag } from '@tabler/icons-react';
import {
  KIOSK_ACTIVATABLE_STATES,
  KIOSK_MESSAGES,
  activationRefusal,
  kioskRefusalText,
  type KioskFlow,
  type TagDetail,
} from '@vigil/domain';
import { ApiError, reasonOf } from '../../api/errors';
import { tagQueries } from '../../api/tags';
import { useKioskFlow } from './flow-store';
import type { KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskNotice, KioskPage, useStationParam, KioskBack } from './kiosk-page';
import { KioskTagFacts, kioskTagOf } from './kiosk-tag-facts';
import { PersonPicker } from './person-picker';
import { useIdentifyTag } from './use-identify-tag';

type WithTag = Extract<KioskFlow, { step: 'tagIdentified' | 'statusShown' }>;

/** The tag the status screen shows: the one just identified, or shown before a reload. */
export function tagIdOf(flow: KioskFlow): string | null {
  if (flow.step === 'tagIdentified') return flow.tagId;
  if (flow.step === 'statusShown') return flow.tag.id;
  return null;
}

/**
 * SPEC §2.1 /distribution/{station}/status: the tag's state, owner, battery (both readings),
 * firmware and reuse, then whether it may be activated for the person (domain activationRefusal).
 */
export function StatusScreen() {
  const station = useStationParam();
  return (
    <KioskPage station={station} title={KIOSK_MESSAGES.statusTitle}>
      {(loaded) => <Status station={loaded} />}
    </KioskPage>
  );
}

function Status({ station }: { station: KioskStation }) {
  const { flow, send } = useKioskFlow(station.id);
  const tagId = tagIdOf(flow);
  const detail = useQuery({ ...tagQueries.detail(tagId ?? ''), enabled: tagId !== null });
  useEffect(() => {
    if (detail.data) send({ type: 'statusLoaded', tag: kioskTagOf(detail.data) });
  }, [detail.data, send]);

  if (!tagId) return <Navigate to={kioskPath(station.id, 'home')} replace />;
  const current = flow as WithTag;
  if (detail.isPending) return <Skeleton height={280} radius="md" aria-label="Loading the tag" />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Stack gap="lg">
        <KioskAlert>
          {notFound
            ? KIOSK_MESSAGES.tagStateNotFound
            : KIOSK_MESSAGES.somethingWentWrong(reasonOf(detail.error))}
        </KioskAlert>
        <StatusActions station={station} flow={current} mayActivate={false} />
      </Stack>
    );
  }
  return <Shown station={station} flow={current} tag={detail.data} />;
}

function Shown({ station, flow, tag }: { station: KioskStation; flow: WithTag; tag: TagDetail }) {
  const { send } = useKioskFlow(station.id);
  const facts = kioskTagOf(tag);
  const refusal = activationRefusal(flow.person, facts, flow.swapOut);
  const onShelf =
    (KIOSK_ACTIVATABLE_STATES as readonly (string | null)[]).includes(facts.state) && !facts.ownerPersonId;
  const personName = flow.person?.name ?? null;
  return (
    <Stack gap="lg">
      {/* What to do comes first, above the facts, so it is on screen without scrolling. */}
      {flow.step === 'statusShown' && flow.error && (
        <KioskAlert>{KIOSK_MESSAGES.activationFailed(tag.id, flow.error)}</KioskAlert>
      )}
      {refusal === null && <KioskNotice>{KIOSK_MESSAGES.tagAvailable(tag.id, personName)}</KioskNotice>}
      {refusal === 'noPerson' && onShelf && (
        <>
          <KioskNotice>{KIOSK_MESSAGES.tagAvailable(tag.id, null)}</KioskNotice>
          <PersonPicker onPick={(person) => send({ type: 'pickPerson', person })} />
        </>
      )}
      {refusal !== null && refusal !== 'noPerson' && (
        <KioskAlert>{kioskRefusalText(refusal, { tagId: tag.id, personName })}</KioskAlert>
      )}
      <StatusActions station={station} flow={flow} mayActivate={refusal === null} />
      <KioskTagFacts tag={tag} />
    </Stack>
  );
}

function StatusActions(props: { station: KioskStation; flow: WithTag; mayActivate: boolean }) {
  const { station, flow, mayActivate } = props;
  const navigate = useNavigate();
  const identify = useIdentifyTag(station);
  return (
    <Group gap="md">
      {mayActivate && flow.person && (
        <Button
          size="xl"
          leftSection={<IconCheck aria-hidden />}
          onClick={() => navigate(kioskPath(station.id, 'activate'))}
        >
          {`Activate for ${flow.person.name}`}
        </Button>
      )}
      {!identify.problem && (
        <Button size="lg" variant="default" leftSection={<IconTag aria-hidden />} onClick={identify.start}>
          Try another tag
        </Button>
      )}
      <KioskBack station={station.id} />
    </Group>
  );
}

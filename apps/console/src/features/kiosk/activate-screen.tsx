import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import {
  KIOSK_MESSAGES,
  activationRequest,
  confirmTagState,
  kioskRefusalText,
  type KioskFlow,
} from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { tagQueries } from '../../api/tags';
import { kioskStore, useKioskFlow } from './flow-store';
import { useActivateTag, type KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskPage, useStationParam } from './kiosk-page';

type Activating = Extract<KioskFlow, { step: 'activating' }>;

/**
 * SPEC §2.1 /distribution/{station}/activate: the tag assigned to the person (SPEC §4: state
 * deployed), or swapped for the one they return, confirmed by the returned state ('DB error'
 * otherwise); on success the success screen.
 */
export function ActivateScreen() {
  const station = useStationParam();
  return (
    <KioskPage station={station} title="Activate the tag">
      {(loaded) => <Activate station={loaded} />}
    </KioskPage>
  );
}

function Activate({ station }: { station: KioskStation }) {
  const navigate = useNavigate();
  const { flow, send } = useKioskFlow(station.id);
  const activate = useActivateTag(station.id);
  const [problem, setProblem] = useState<string | null>(null);
  useResumeActivation(station.id, activate.isPending);

  async function run() {
    const refusal = send({ type: 'activate' });
    if (refusal) {
      const current = kioskStore.flow(station.id);
      const tagId = current.step === 'statusShown' ? current.tag.id : undefined;
      setProblem(
        kioskRefusalText(refusal, {
          tagId,
          personName: current.step === 'home' ? null : current.person?.name,
        }),
      );
      return;
    }
    setProblem(null);
    const activating = kioskStore.flow(station.id) as Activating;
    try {
      const { activated, returned } = await activate.mutateAsync(activationRequest(activating, station.id));
      const back = returned
        ? confirmTagState('ready_for_return', returned.config.state)
        : { ok: true as const };
      if (!back.ok) send({ type: 'activationFailed', reason: back.reason });
      else send({ type: 'activated', returnedState: activated.config.state });
    } catch (err) {
      send({ type: 'activationFailed', reason: reasonOf(err) });
    }
    if (kioskStore.flow(station.id).step === 'success') navigate(kioskPath(station.id, 'success'));
  }

  if (flow.step === 'success') return <Navigate to={kioskPath(station.id, 'success')} replace />;
  if (flow.step !== 'statusShown' && flow.step !== 'activating') {
    return <Navigate to={kioskPath(station.id, 'home')} replace />;
  }
  if (!flow.person) return <Navigate to={kioskPath(station.id, 'status')} replace />;
  const { person, tag, swapOut } = flow;
  const busy = flow.step === 'activating';
  return (
    <Stack gap="xl">
      <Text fz="var(--mantine-h2-font-size)" fw={700}>
        {swapOut
          ? `Return tag ${swapOut} and activate tag ${tag.id} for ${person.name}?`
          : `Activate tag ${tag.id} for ${person.name}?`}
      </Text>
      {flow.step === 'statusShown' && flow.error && (
        <KioskAlert>{KIOSK_MESSAGES.activationFailed(tag.id, flow.error)}</KioskAlert>
      )}
      {problem && <KioskAlert>{problem}</KioskAlert>}
      <Group gap="md">
        <Button size="xl" leftSection={<IconCheck aria-hidden />} loading={busy} onClick={() => void run()}>
          {flow.step === 'statusShown' && flow.error ? 'Try again' : 'Activate'}
        </Button>
        <Button
          size="lg"
          variant="default"
          disabled={busy}
          leftSection={<IconArrowLeft aria-hidden />}
          onClick={() => navigate(kioskPath(station.id, 'status'))}
        >
          Back
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A reload while activating leaves no answer to wait for: the tag is read again, and the flow
 * settles as the server has it (deployed to the person: success; else the activation failed).
 */
function useResumeActivation(station: string, pending: boolean) {
  const queryClient = useQueryClient();
  const { send } = useKioskFlow(station);
  const checked = useRef(false);
  useEffect(() => {
    const flow = kioskStore.flow(station);
    if (checked.current || pending || flow.step !== 'activating') return;
    checked.current = true;
    const { tag, person } = flow;
    queryClient
      .fetchQuery({ ...tagQueries.detail(tag.id), staleTime: 0 })
      .then((now) => {
        const theirs = now.config.owner?.personId === person.personId;
        if (now.config.state === 'deployed' && theirs) send({ type: 'activated', returnedState: 'deployed' });
        else send({ type: 'activationFailed', reason: KIOSK_MESSAGES.interrupted });
      })
      .catch((err: unknown) => send({ type: 'activationFailed', reason: reasonOf(err) }));
  }, [station, pending, queryClient, send]);
}

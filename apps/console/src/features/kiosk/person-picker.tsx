import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { KIOSK_MESSAGES, personIdFromBadge, type KioskPerson, type Person } from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { SuggestionList } from '../../ui/suggestion-list';
import { QrScanner } from '../../ui/scanner/qr-scanner';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import { personByBadge, searchPeople } from './kiosk-api';
import { KioskAlert } from './kiosk-page';
import classes from './kiosk.module.css';

const toKioskPerson = (p: Person): KioskPerson => ({
  name: p.name,
  personId: p.personId,
  contact: p.contact,
});

/**
 * Issue 21 "Identify the person": their name from the suggestion list (SPEC §5: 2 characters; the
 * e-mail or person id beside it by role, SPEC §6), or their badge's QR code, read by a hand-held
 * scanner or, on request, the camera.
 */
export function PersonPicker({ onPick }: { onPick: (person: KioskPerson) => void }) {
  const [camera, setCamera] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  async function badge(content: string) {
    const personId = personIdFromBadge(content);
    if (!personId) return setProblem(KIOSK_MESSAGES.badgeUnreadable);
    setLooking(true);
    try {
      const person = await personByBadge(personId);
      if (!person) return setProblem(KIOSK_MESSAGES.badgeNotFound(personId));
      setProblem(null);
      setCamera(false);
      onPick(toKioskPerson(person));
    } catch (err) {
      setProblem(KIOSK_MESSAGES.somethingWentWrong(reasonOf(err)));
    } finally {
      setLooking(false);
    }
  }
  useKeyboardScanner((text) => void badge(text), { enabled: !looking });

  return (
    <Stack gap="lg">
      <SuggestionList<Person>
        label={KIOSK_MESSAGES.personSearchLabel}
        description={KIOSK_MESSAGES.personSearchHint}
        fetch={searchPeople}
        getLabel={(p) => p.name}
        getKey={(p) => p.id}
        renderItem={(p) => (
          <div className={classes.option}>
            <Text fw={700} size="xl">
              {p.name}
            </Text>
            {p.contact && (
              <Text size="lg" c="gray.8">
                {p.contact}
              </Text>
            )}
          </div>
        )}
        onPick={(p) => onPick(toKioskPerson(p))}
        clearOnPick
      />
      {problem && <KioskAlert>{problem}</KioskAlert>}
      <Group>
        <Button
          size="lg"
          variant="default"
          leftSection={camera ? <IconCameraOff aria-hidden /> : <IconCamera aria-hidden />}
          onClick={() => setCamera((on) => !on)}
          aria-pressed={camera}
        >
          {camera ? 'Stop the camera' : 'Scan your badge with the camera'}
        </Button>
      </Group>
      {camera && <QrScanner onScan={(text) => void badge(text)} label={KIOSK_MESSAGES.badgeScanLabel} />}
    </Stack>
  );
}

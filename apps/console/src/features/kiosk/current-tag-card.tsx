import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowsExchange, IconQuestionMark } from '@tabler/icons-react';
import { KIOSK_MESSAGES, type Tag, type TagInvalidationState } from '@vigil/domain';
import { batteryText, tagStateWords } from './kiosk-tag-facts';

export type CurrentTagCardProps = {
  tag: Tag;
  /** Return it (ready_for_return) or report it lost: SPEC §4 invalidation. */
  onDeactivate: (state: TagInvalidationState) => void;
  /** Swap it for a new tag; absent when the station cannot identify one (an invalid scan mode). */
  onSwap?: () => void;
  /** A write is under way: every action waits. */
  busy: boolean;
};

/** One of the person's tags, with return, lost (asked again first) and swap, as large buttons. */
export function CurrentTagCard({ tag, onDeactivate, onSwap, busy }: CurrentTagCardProps) {
  const [confirmingLost, setConfirmingLost] = useState(false);
  const deployed = tag.config.state === 'deployed';
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-label={`Tag ${tag.id}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={800} size="xl">{`Tag ${tag.id}`}</Text>
          <Text size="xl" fw={600}>
            {tagStateWords(tag.config.state)}
          </Text>
        </Group>
        <Text size="lg">{`Battery: ${batteryText(tag).level}`}</Text>
        {deployed && !confirmingLost && (
          <Group gap="md">
            <Button
              size="lg"
              leftSection={<IconArrowBackUp aria-hidden />}
              disabled={busy}
              onClick={() => onDeactivate('ready_for_return')}
            >
              Return
            </Button>
            {onSwap && (
              <Button
                size="lg"
                variant="default"
                leftSection={<IconArrowsExchange aria-hidden />}
                disabled={busy}
                onClick={onSwap}
              >
                Swap
              </Button>
            )}
            <Button
              size="lg"
              variant="default"
              color="red"
              leftSection={<IconQuestionMark aria-hidden />}
              disabled={busy}
              onClick={() => setConfirmingLost(true)}
            >
              Lost
            </Button>
          </Group>
        )}
        {deployed && confirmingLost && (
          <Stack gap="sm" role="group" aria-label={KIOSK_MESSAGES.confirmLostTitle}>
            <Text fw={700} size="xl">
              {KIOSK_MESSAGES.confirmLostTitle}
            </Text>
            <Text size="lg">{KIOSK_MESSAGES.confirmLost(tag.id)}</Text>
            <Group gap="md">
              <Button
                size="lg"
                color="red"
                disabled={busy}
                onClick={() => {
                  setConfirmingLost(false);
                  onDeactivate('lost');
                }}
              >
                Yes, mark it lost
              </Button>
              <Button size="lg" variant="default" onClick={() => setConfirmingLost(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
